import * as routes from '@caseload/contract/manifest';
import { createUser } from '@caseload/core/caseload/users';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createUser, async ({ auth, body }) => reply({ status: 201, body: await createUser(auth, body) }));
