import * as routes from '@caseload/contract/manifest';
import { getRosterImport } from '@caseload/core/roster/job';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getRosterImport, ({ auth, params }) => getRosterImport(auth, params.id));
