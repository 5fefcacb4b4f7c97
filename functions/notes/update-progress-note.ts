import * as routes from '@caseload/contract/manifest';
import { updateProgressNote } from '@caseload/core/notes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateProgressNote, ({ auth, params, body }) => updateProgressNote(auth, params.id, body));
