import * as routes from '@caseload/contract/manifest';
import { startRosterImport } from '@caseload/core/roster/start';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 201: the import waits for its zip at `uploadUrl`. */
export const handler = createHandler(routes.startRosterImport, async ({ auth, body }) => reply({ status: 201, body: await startRosterImport(auth, body) }));
