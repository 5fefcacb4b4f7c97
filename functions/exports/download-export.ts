import * as routes from '@caseload/contract/manifest';
import { downloadExportFile } from '@caseload/core/exports/read';
import { attachment, createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadExport, async ({ auth, params }) => {
  const file = await downloadExportFile(auth, params.jobId);
  if ('redirect' in file) return reply({ status: 302, body: '', contentType: 'text/plain', headers: { Location: file.redirect } });
  return attachment({ filename: file.fileName, contentType: 'text/csv; charset=utf-8', body: file.body });
});
