import * as routes from '@caseload/contract/manifest';
import { listActivities } from '@caseload/core/caseload/dashboard';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listActivities, ({ auth, query }) => listActivities(auth, query.scope, query.kind));
