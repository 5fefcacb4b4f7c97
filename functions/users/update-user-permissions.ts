import * as routes from '@caseload/contract/manifest';
import { updateUserPermissions } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateUserPermissions, ({ auth, params, body }) => updateUserPermissions(auth, params.userId, body));
