import * as routes from '@caseload/contract/manifest';
import { logout } from '@caseload/core/auth/service';
import { clearedSessionCookies } from '@caseload/pipeline/cookies';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.logout, async ({ auth, meta }) => {
  await logout(auth);
  return reply({ status: 200, body: { ok: true }, cookies: clearedSessionCookies(meta.secure) });
});
