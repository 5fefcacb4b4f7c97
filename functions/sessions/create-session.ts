import * as routes from '@caseload/contract/manifest';
import { createSession } from '@caseload/core/sessions/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createSession, async ({ auth, body }) => reply({ status: 201, body: await createSession(auth, body) }));
