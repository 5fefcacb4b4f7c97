import * as routes from '@caseload/contract/manifest';
import { startBulkJob } from '@caseload/core/notes/bulk';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 202: the job is under way; the page polls GET /api/generate-progress-notes-bulk/{jobId}. */
export const handler = createHandler(routes.bulkGenerateProgressNotes, async ({ auth, body }) =>
  reply({ status: 202, body: await startBulkJob(auth, body) }),
);
