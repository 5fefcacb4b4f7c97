import * as routes from '@caseload/contract/manifest';
import { exportServiceMinutes } from '@caseload/core/minutes/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportServiceMinutes, async ({ auth, query }) => {
  const file = await exportServiceMinutes(auth, query);
  return reply({ status: 200, body: file.body, contentType: file.contentType, headers: { 'Content-Disposition': `attachment; filename="${file.filename}"` } });
});
