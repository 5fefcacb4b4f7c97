import * as routes from '@caseload/contract/manifest';
import { deleteSession } from '@caseload/core/sessions/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteSession, async ({ auth, params }) => {
  await deleteSession(auth, params.id);
  return { ok: true as const };
});
