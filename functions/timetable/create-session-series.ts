import * as routes from '@caseload/contract/manifest';
import { createSeries } from '@caseload/core/timetable/series';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createSessionSeries, async ({ auth, body }) => reply({ status: 201, body: await createSeries(auth, body) }));
