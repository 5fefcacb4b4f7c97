import * as routes from '@caseload/contract/manifest';
import { listServiceLog } from '@caseload/core/service-log/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listServiceLog, ({ auth, query }) => listServiceLog(auth, query));
