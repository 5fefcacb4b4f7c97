import * as routes from '@caseload/contract/manifest';
import { getSession } from '@caseload/core/sessions/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getSession, ({ auth, params }) => getSession(auth, params.id));
