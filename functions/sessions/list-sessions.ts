import * as routes from '@caseload/contract/manifest';
import { listSessions } from '@caseload/core/sessions/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listSessions, ({ auth, query }) => listSessions(auth, query));
