import * as routes from '@caseload/contract/manifest';
import { listSessionNotes } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listSessionNotes, ({ auth, params }) => listSessionNotes(auth, params.id));
