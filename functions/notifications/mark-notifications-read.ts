import * as routes from '@caseload/contract/manifest';
import { markNotificationsRead } from '@caseload/core/notifications/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.markNotificationsRead, ({ auth, body }) => markNotificationsRead(auth, body.ids));
