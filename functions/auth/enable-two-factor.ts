import * as routes from '@caseload/contract/manifest';
import { enableTwoFactor } from '@caseload/core/auth/two-factor';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.enableTwoFactor, ({ auth, body }) => enableTwoFactor(auth, body));
