import * as routes from '@caseload/contract/manifest';
import { getUserPreferences } from '@caseload/core/notifications/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getUserPreferences, ({ auth }) => getUserPreferences(auth));
