import * as routes from '@caseload/contract/manifest';
import { deleteGoalTemplate } from '@caseload/core/goal-bank/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteGoalTemplate, async ({ auth, params }) => {
  await deleteGoalTemplate(auth, params.id);
  return { ok: true as const };
});
