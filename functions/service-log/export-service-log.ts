import * as routes from '@caseload/contract/manifest';
import { exportServiceLog } from '@caseload/core/service-log/service';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportServiceLog, async ({ auth, query }) => {
  const file = await exportServiceLog(auth, query);
  return attachment(file);
});
