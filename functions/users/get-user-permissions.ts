import * as routes from '@caseload/contract/manifest';
import { getUserPermissions } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getUserPermissions, ({ auth }) => getUserPermissions(auth));
