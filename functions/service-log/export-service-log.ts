import * as routes from '@caseload/contract/manifest';
import { exportServiceLog } from '@caseload/core/service-log/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportServiceLog, async ({ auth, query }) => {
  const file = await exportServiceLog(auth, query);
  return reply({ status: 200, body: file.body, contentType: file.contentType, headers: { 'Content-Disposition': `attachment; filename="${file.filename}"` } });
});
