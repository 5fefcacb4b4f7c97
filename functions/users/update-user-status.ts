import * as routes from '@caseload/contract/manifest';
import { updateUserStatus } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateUserStatus, ({ auth, params, body }) => updateUserStatus(auth, params.id, body.isActive));
