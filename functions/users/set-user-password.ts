import * as routes from '@caseload/contract/manifest';
import { setImportedUserPassword } from '@caseload/core/caseload/users';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.setUserPassword, ({ auth, params, body }) => setImportedUserPassword(auth, params.id, body.password));
