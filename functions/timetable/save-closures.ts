import * as routes from '@caseload/contract/manifest';
import { saveClosures } from '@caseload/core/timetable/closures';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveClosures, ({ auth, body }) => saveClosures(auth, body));
