import * as routes from '@caseload/contract/manifest';
import { getAccountSettings } from '@caseload/core/school-calendar/account';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getAccount, ({ auth }) => getAccountSettings(auth));
