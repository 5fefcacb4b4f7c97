import * as routes from '@caseload/contract/manifest';
import { cancelAccountDeletion } from '@caseload/core/account-deletion/request';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.cancelAccountDeletion, ({ auth }) => cancelAccountDeletion(auth));
