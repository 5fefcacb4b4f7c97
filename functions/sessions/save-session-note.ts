import * as routes from '@caseload/contract/manifest';
import { saveSessionNote } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSessionNote, ({ auth, params, body }) => saveSessionNote(auth, params.id, body));
