import * as routes from '@caseload/contract/manifest';
import { removeParticipant } from '@caseload/core/sessions/participants';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.removeParticipant, ({ auth, params }) => removeParticipant(auth, params.id, params.clientId));
