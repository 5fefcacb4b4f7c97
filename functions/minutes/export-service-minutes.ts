import * as routes from '@caseload/contract/manifest';
import { exportServiceMinutes } from '@caseload/core/minutes/service';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.exportServiceMinutes, async ({ auth, query }) => {
  const file = await exportServiceMinutes(auth, query);
  return attachment(file);
});
