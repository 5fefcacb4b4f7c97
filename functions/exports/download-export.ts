import * as routes from '@caseload/contract/manifest';
import { downloadExportFile } from '@caseload/core/exports/read';
import { contentTypeOf } from '@caseload/core/exports/storage';
import { attachment, createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadExport, async ({ auth, params }) => {
  const file = await downloadExportFile(auth, params.jobId);
  if ('redirect' in file) return reply({ status: 302, body: '', contentType: 'text/plain', headers: { Location: file.redirect } });
  return attachment({ filename: file.fileName, contentType: contentTypeOf(file.fileName), body: file.body });
});
