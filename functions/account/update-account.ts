import * as routes from '@caseload/contract/manifest';
import { updateAccountSettings } from '@caseload/core/school-calendar/account';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateAccount, ({ auth, body }) => updateAccountSettings(auth, body));
