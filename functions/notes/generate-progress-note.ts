import * as routes from '@caseload/contract/manifest';
import { generateProgressNote } from '@caseload/core/notes/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.generateProgressNote, async ({ auth, params, body }) =>
  reply({ status: 201, body: await generateProgressNote(auth, params.id, { start: body.reportingPeriodStart, end: body.reportingPeriodEnd }, body.replace) }),
);
