import * as routes from '@caseload/contract/manifest';
import { applyAccountImport } from '@caseload/core/account-import/job';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 202: the import runs in the background; the page polls GET /api/account-imports/{id}. */
export const handler = createHandler(routes.applyAccountImport, async ({ auth, params }) => reply({ status: 202, body: await applyAccountImport(auth, params.id) }));
