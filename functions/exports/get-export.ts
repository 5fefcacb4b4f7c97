import * as routes from '@caseload/contract/manifest';
import { getExportJob } from '@caseload/core/exports/read';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getExport, ({ auth, params }) => getExportJob(auth, params.jobId));
