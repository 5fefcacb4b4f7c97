import * as routes from '@caseload/contract/manifest';
import { requestAccountDeletion } from '@caseload/core/account-deletion/request';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.requestAccountDeletion, ({ auth, body }) => requestAccountDeletion(auth, body));
