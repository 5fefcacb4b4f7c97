import * as routes from '@caseload/contract/manifest';
import { getReportingPeriods } from '@caseload/core/reporting-periods/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getReportingPeriods, ({ auth }) => getReportingPeriods(auth));
