import * as routes from '@caseload/contract/manifest';
import { listServiceMinutes } from '@caseload/core/minutes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listServiceMinutes, ({ auth, query }) => listServiceMinutes(auth, query));
