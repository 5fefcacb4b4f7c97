import * as routes from '@caseload/contract/manifest';
import { SSO_CALLBACK_PATH } from '@caseload/contract/sso';
import { getSsoSettings } from '@caseload/core/sso/config-repo';
import { requestOrigin } from '@caseload/pipeline/http';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getSsoSettings, ({ auth, event }) => getSsoSettings(auth, `${requestOrigin(event)}${SSO_CALLBACK_PATH}`));
