import * as routes from '@caseload/contract/manifest';
import { deleteGoal } from '@caseload/core/goals/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteGoal, async ({ auth, params }) => {
  await deleteGoal(auth, params.goalId);
  return { ok: true as const };
});
