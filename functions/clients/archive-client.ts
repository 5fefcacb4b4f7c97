import * as routes from '@caseload/contract/manifest';
import { archiveClient } from '@caseload/core/caseload/clients';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.archiveClient, async ({ auth, params }) => {
  await archiveClient(auth, params.id);
  return { ok: true as const };
});
