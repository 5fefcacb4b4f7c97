import * as routes from '@caseload/contract/manifest';
import { listRosterImports } from '@caseload/core/roster/job';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listRosterImports, ({ auth }) => listRosterImports(auth));
