import * as routes from '@caseload/contract/manifest';
import { getBulkJob } from '@caseload/core/notes/bulk';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getBulkGenerationJob, ({ auth, params }) => getBulkJob(auth, params.jobId));
