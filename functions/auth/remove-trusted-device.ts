import * as routes from '@caseload/contract/manifest';
import { removeTrustedDevice } from '@caseload/core/auth/trusted-devices';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.removeTrustedDevice, async ({ auth, params }) => {
  await removeTrustedDevice(auth, params.id);
  return { ok: true as const };
});
