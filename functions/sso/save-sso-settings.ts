import * as routes from '@caseload/contract/manifest';
import { SSO_CALLBACK_PATH } from '@caseload/contract/sso';
import { saveSsoSettings } from '@caseload/core/sso/settings';
import { requestOrigin } from '@caseload/pipeline/http';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSsoSettings, ({ auth, body, event }) => saveSsoSettings(auth, body, `${requestOrigin(event)}${SSO_CALLBACK_PATH}`));
