import * as routes from '@caseload/contract/manifest';
import { createGoalTemplate } from '@caseload/core/goal-bank/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createGoalTemplate, async ({ auth, body }) => reply({ status: 201, body: await createGoalTemplate(auth, body) }));
