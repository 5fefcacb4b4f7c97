import * as routes from '@caseload/contract/manifest';
import { getAccountImport } from '@caseload/core/account-import/job';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getAccountImport, ({ auth, params }) => getAccountImport(auth, params.id));
