import * as routes from '@caseload/contract/manifest';
import { startAccountImport } from '@caseload/core/account-import/job';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 201: the import waits for its zip at `uploadUrl`. */
export const handler = createHandler(routes.startAccountImport, async ({ auth, body }) => reply({ status: 201, body: await startAccountImport(auth, body) }));
