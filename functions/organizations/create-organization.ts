import * as routes from '@caseload/contract/manifest';
import { createOrganization } from '@caseload/core/caseload/organizations';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createOrganization, async ({ auth, body }) =>
  reply({ status: 201, body: await createOrganization(auth, body) }),
);
