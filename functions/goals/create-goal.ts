import * as routes from '@caseload/contract/manifest';
import { createGoal } from '@caseload/core/goals/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createGoal, async ({ auth, body }) => reply({ status: 201, body: await createGoal(auth, body) }));
