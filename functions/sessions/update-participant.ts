import * as routes from '@caseload/contract/manifest';
import { updateParticipant } from '@caseload/core/sessions/participants';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateParticipant, ({ auth, params, body }) => updateParticipant(auth, params.id, params.clientId, body));
