import * as routes from '@caseload/contract/manifest';
import { saveReportingPeriods } from '@caseload/core/reporting-periods/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveReportingPeriods, ({ auth, body }) => saveReportingPeriods(auth, body));
