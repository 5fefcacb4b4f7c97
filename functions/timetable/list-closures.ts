import * as routes from '@caseload/contract/manifest';
import { listClosures } from '@caseload/core/timetable/closures';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listClosures, ({ auth }) => listClosures(auth));
