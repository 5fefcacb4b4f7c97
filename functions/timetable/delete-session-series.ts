import * as routes from '@caseload/contract/manifest';
import { deleteSeries } from '@caseload/core/timetable/series';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteSessionSeries, ({ auth, params, query }) => deleteSeries(auth, params.id, query.from));
