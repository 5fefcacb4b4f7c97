import * as routes from '@caseload/contract/manifest';
import { saveSchoolYears } from '@caseload/core/timetable/school-years';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSchoolYears, ({ auth, body }) => saveSchoolYears(auth, body));
