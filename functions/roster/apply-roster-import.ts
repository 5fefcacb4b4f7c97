import * as routes from '@caseload/contract/manifest';
import { applyRosterImport } from '@caseload/core/roster/steps';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 202: the apply job is under way; the page polls GET /api/roster-imports/{id}. */
export const handler = createHandler(routes.applyRosterImport, async ({ auth, params, body }) => reply({ status: 202, body: await applyRosterImport(auth, params.id, body) }));
