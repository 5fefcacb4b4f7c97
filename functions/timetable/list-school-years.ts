import * as routes from '@caseload/contract/manifest';
import { listSchoolYears } from '@caseload/core/timetable/school-years';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listSchoolYears, ({ auth }) => listSchoolYears(auth));
