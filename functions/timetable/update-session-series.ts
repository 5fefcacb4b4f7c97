import * as routes from '@caseload/contract/manifest';
import { updateSeries } from '@caseload/core/timetable/series';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateSessionSeries, ({ auth, params, body }) => updateSeries(auth, params.id, body));
