import * as routes from '@caseload/contract/manifest';
import { deleteProgressNote } from '@caseload/core/notes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.deleteProgressNote, ({ auth, params }) => deleteProgressNote(auth, params.id));
