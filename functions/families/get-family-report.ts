import * as routes from '@caseload/contract/manifest';
import { familyReportJson, sharedReport } from '@caseload/core/families/report';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getFamilyReport, async ({ family, query }) => familyReportJson(await sharedReport(family, query.lang)));
