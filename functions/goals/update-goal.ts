import * as routes from '@caseload/contract/manifest';
import { updateGoal } from '@caseload/core/goals/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateGoal, ({ auth, params, body }) => updateGoal(auth, params.goalId, body));
