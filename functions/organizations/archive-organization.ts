import * as routes from '@caseload/contract/manifest';
import { archiveOrganization } from '@caseload/core/caseload/organizations';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.archiveOrganization, async ({ auth, params }) => {
  await archiveOrganization(auth, params.id);
  return { ok: true as const };
});
