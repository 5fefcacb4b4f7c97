import * as routes from '@caseload/contract/manifest';
import { updateUserSupervisors } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateUserSupervisors, ({ auth, params, body }) => updateUserSupervisors(auth, params.userId, body.supervisorIds));
