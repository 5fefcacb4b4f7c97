import * as routes from '@caseload/contract/manifest';
import { progressNotePdf } from '@caseload/core/notes/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadProgressNotePdf, async ({ auth, params }) => {
  const { filename, pdf } = await progressNotePdf(auth, params.id);
  return reply({
    status: 200,
    body: pdf,
    contentType: 'application/pdf',
    isBase64Encoded: true,
    headers: { 'Content-Disposition': `attachment; filename="${filename}"` },
  });
});
