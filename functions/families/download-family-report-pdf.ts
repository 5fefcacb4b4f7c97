import * as routes from '@caseload/contract/manifest';
import { sharedReport } from '@caseload/core/families/report';
import { familyReportPdf } from '@caseload/core/families/report-pdf';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadFamilyReportPdf, async ({ family, query }) => {
  const { filename, pdf } = await familyReportPdf(await sharedReport(family, query.lang));
  return attachment({ filename, body: pdf, contentType: 'application/pdf' });
});
