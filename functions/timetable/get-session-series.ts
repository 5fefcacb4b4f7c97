import * as routes from '@caseload/contract/manifest';
import { getSeries } from '@caseload/core/timetable/series';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getSessionSeries, ({ auth, params }) => getSeries(auth, params.id));
