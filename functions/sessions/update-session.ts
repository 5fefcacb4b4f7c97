import * as routes from '@caseload/contract/manifest';
import { updateSession } from '@caseload/core/sessions/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateSession, ({ auth, params, body }) => updateSession(auth, params.id, body));
