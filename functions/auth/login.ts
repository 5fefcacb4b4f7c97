import * as routes from '@caseload/contract/manifest';
import { DEVICE_COOKIE } from '@caseload/core/auth/trusted-devices';
import { login } from '@caseload/core/auth/service';
import { sessionCookies } from '@caseload/pipeline/cookies';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.login, async ({ body, meta }) => {
  const result = await login(body, meta, meta.cookies[DEVICE_COOKIE]);
  const cookies = sessionCookies(result.session, meta.secure);
  if ('requiresTwoFactor' in result) return reply({ status: 200, body: { requiresTwoFactor: true }, cookies });
  return reply({ status: 200, body: result.user, cookies });
});
