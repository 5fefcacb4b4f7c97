import * as routes from '@caseload/contract/manifest';
import { progressNotePdf } from '@caseload/core/notes/parent-report';
import { attachment, createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.downloadProgressNotePdf, async ({ auth, params }) => {
  const { filename, pdf } = await progressNotePdf(auth, params.id);
  return attachment({ filename, body: pdf, contentType: 'application/pdf' });
});
