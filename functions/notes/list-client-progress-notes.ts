import * as routes from '@caseload/contract/manifest';
import { listClientProgressNotes } from '@caseload/core/notes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listClientProgressNotes, ({ auth, params }) => listClientProgressNotes(auth, params.id));
