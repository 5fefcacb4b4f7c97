import * as routes from '@caseload/contract/manifest';
import { startExport } from '@caseload/core/exports/job';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 202: the job is under way; the page polls GET /api/exports/{jobId}. */
export const handler = createHandler(routes.startExport, async ({ auth, body }) => reply({ status: 202, body: await startExport(auth, body) }));
