import * as routes from '@caseload/contract/manifest';
import { sessionNotePdf } from '@caseload/core/signatures/pdf';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadSessionNotePdf, async ({ auth, params }) => {
  const { filename, pdf } = await sessionNotePdf(auth, params.id, params.clientId);
  return attachment({ filename, body: pdf, contentType: 'application/pdf' });
});
