import * as routes from '@caseload/contract/manifest';
import { clientServiceMinutes } from '@caseload/core/minutes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getClientServiceMinutes, ({ auth, params, query }) => clientServiceMinutes(auth, params.id, query));
