import * as routes from '@caseload/contract/manifest';
import { exportReport } from '@caseload/core/reports/export';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportReport, async ({ auth, query }) => {
  const file = await exportReport(auth, query);
  return reply({ status: 200, body: file.body, contentType: file.contentType, headers: { 'Content-Disposition': `attachment; filename="${file.filename}"` } });
});
