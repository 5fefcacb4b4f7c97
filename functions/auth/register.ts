import * as routes from '@caseload/contract/manifest';
import { register } from '@caseload/core/auth/service';
import { sessionCookies } from '@caseload/pipeline/cookies';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.register, async ({ body, meta }) => {
  const { user, session } = await register(body, meta);
  return reply({ status: 201, body: user, cookies: sessionCookies(session, meta.secure) });
});
