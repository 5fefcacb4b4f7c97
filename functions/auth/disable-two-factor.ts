import * as routes from '@caseload/contract/manifest';
import { disableTwoFactor } from '@caseload/core/auth/two-factor';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.disableTwoFactor, ({ auth, body }) => disableTwoFactor(auth, body));
