import * as routes from '@caseload/contract/manifest';
import { listPurgeReports } from '@caseload/core/retention/reports';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listPurgeReports, ({ auth }) => listPurgeReports(auth));
