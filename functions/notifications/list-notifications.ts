import * as routes from '@caseload/contract/manifest';
import { listNotifications } from '@caseload/core/notifications/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listNotifications, ({ auth }) => listNotifications(auth));
