import * as routes from '@caseload/contract/manifest';
import { previewRosterImport } from '@caseload/core/roster/preview';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

/** 202: the preview job is under way; the page polls GET /api/roster-imports/{id}. */
export const handler = createHandler(routes.previewRosterImport, async ({ auth, params, body }) => reply({ status: 202, body: await previewRosterImport(auth, params.id, body) }));
