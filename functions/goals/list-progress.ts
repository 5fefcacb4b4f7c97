import * as routes from '@caseload/contract/manifest';
import { listProgress } from '@caseload/core/goals/progress';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listProgress, ({ auth, query }) => listProgress(auth, query));
