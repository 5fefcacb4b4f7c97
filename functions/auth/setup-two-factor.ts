import * as routes from '@caseload/contract/manifest';
import { setupTwoFactor } from '@caseload/core/auth/two-factor-setup';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.setupTwoFactor, ({ auth, body }) => setupTwoFactor(auth, body));
