import * as routes from '@caseload/contract/manifest';
import { listMissingNotes } from '@caseload/core/notes/missing';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listMissingProgressNotes, ({ auth, query }) => listMissingNotes(auth, query.assignedTo));
