import * as routes from '@caseload/contract/manifest';
import { getClosedDaysJob } from '@caseload/core/timetable/closed-days-job';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getClosureJob, ({ auth, params }) => getClosedDaysJob(auth, params.jobId));
