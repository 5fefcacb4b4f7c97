import * as routes from '@caseload/contract/manifest';
import { listGoals } from '@caseload/core/goals/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listGoals, ({ auth, query }) => listGoals(auth, query.clientId));
