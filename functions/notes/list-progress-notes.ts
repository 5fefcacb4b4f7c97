import * as routes from '@caseload/contract/manifest';
import { listProgressNotes } from '@caseload/core/notes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listProgressNotes, ({ auth, query }) => listProgressNotes(auth, query.assignedTo));
