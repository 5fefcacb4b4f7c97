import * as routes from '@caseload/contract/manifest';
import { addParticipant } from '@caseload/core/sessions/participants';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.addParticipant, ({ auth, params, body }) => addParticipant(auth, params.id, body));
