import * as routes from '@caseload/contract/manifest';
import { listOrganizations } from '@caseload/core/caseload/organizations';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listOrganizations, ({ auth }) => listOrganizations(auth));
