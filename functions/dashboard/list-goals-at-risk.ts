import * as routes from '@caseload/contract/manifest';
import { listGoalsAtRisk } from '@caseload/core/monitoring/at-risk';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listGoalsAtRisk, ({ auth, query }) => listGoalsAtRisk(auth, query.assignedTo));
