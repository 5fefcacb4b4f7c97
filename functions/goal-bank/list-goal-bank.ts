import * as routes from '@caseload/contract/manifest';
import { listGoalBank } from '@caseload/core/goal-bank/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listGoalBank, ({ auth, query }) => listGoalBank(auth, query));
