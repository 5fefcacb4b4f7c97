import * as routes from '@caseload/contract/manifest';
import { sessionNotePdf } from '@caseload/core/signatures/pdf';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadSessionNotePdf, async ({ auth, params }) => {
  const { filename, pdf } = await sessionNotePdf(auth, params.id, params.clientId);
  return reply({
    status: 200,
    body: pdf,
    contentType: 'application/pdf',
    isBase64Encoded: true,
    headers: { 'Content-Disposition': `attachment; filename="${filename}"` },
  });
});
