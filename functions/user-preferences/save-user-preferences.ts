import * as routes from '@caseload/contract/manifest';
import { saveUserPreferences } from '@caseload/core/notifications/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveUserPreferences, ({ auth, body }) => saveUserPreferences(auth, body));
