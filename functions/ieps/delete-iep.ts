import * as routes from '@caseload/contract/manifest';
import { deleteIep } from '@caseload/core/ieps/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteIep, async ({ auth, params }) => {
  await deleteIep(auth, params.iepId);
  return { ok: true as const };
});
