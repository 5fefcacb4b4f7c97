import * as routes from '@caseload/contract/manifest';
import { resolveSession, SESSION_COOKIE } from '@caseload/core/auth/login-sessions';
import { toCurrentUser } from '@caseload/core/auth/service';
import { rememberDevice } from '@caseload/core/auth/trusted-devices';
import { verifyPendingLogin } from '@caseload/core/auth/two-factor';
import { UnauthorizedError } from '@caseload/core/errors';
import { deviceCookie, sessionCookies } from '@caseload/pipeline/cookies';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.verifyTwoFactor, async ({ body, meta }) => {
  const pending = await resolveSession(meta.cookies[SESSION_COOKIE], 'pending2fa');
  if (!pending) throw new UnauthorizedError('Sign in again');
  const { user, session } = await verifyPendingLogin(pending.auth, body.token);
  const cookies = sessionCookies(session, meta.secure);
  if (body.rememberDevice) cookies.push(deviceCookie(await rememberDevice(user, meta), meta.secure));
  return reply({ status: 200, body: await toCurrentUser(user), cookies });
});
