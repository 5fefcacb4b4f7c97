import * as routes from '@caseload/contract/manifest';
import { getReport } from '@caseload/core/reports/report';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getReport, ({ auth, query }) => getReport(auth, query));
