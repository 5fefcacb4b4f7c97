import * as routes from '@caseload/contract/manifest';
import { getDashboardStats } from '@caseload/core/caseload/dashboard';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getDashboardStats, ({ auth, query }) => getDashboardStats(auth, query.weekStart, query.assignedTo));
