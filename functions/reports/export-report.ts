import * as routes from '@caseload/contract/manifest';
import { exportReport } from '@caseload/core/reports/export';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportReport, async ({ auth, query }) => {
  const file = await exportReport(auth, query);
  return attachment(file);
});
