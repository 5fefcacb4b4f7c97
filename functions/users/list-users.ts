import * as routes from '@caseload/contract/manifest';
import { listUsers } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listUsers, ({ auth }) => listUsers(auth));
