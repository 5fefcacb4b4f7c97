import * as routes from '@caseload/contract/manifest';
import { completeFlow, FLOW_COOKIE, FLOW_COOKIE_PATH } from '@caseload/core/sso/flow';
import { ssoPage } from '@caseload/core/sso/pages';
import { sessionCookies } from '@caseload/pipeline/cookies';
import { serializeCookie } from '@caseload/pipeline/http';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.ssoCallback, async ({ query, meta }) => {
  const outcome = await completeFlow(query, meta.cookies[FLOW_COOKIE], meta);
  // The flow is spent whatever happened: a second use of it (a replayed callback) starts nothing.
  const cleared = serializeCookie(FLOW_COOKIE, '', { maxAge: 0, secure: meta.secure, path: FLOW_COOKIE_PATH, sameSite: 'Lax' });
  if (outcome.kind === 'signedIn') {
    return reply({ status: 302, body: '', contentType: 'text/plain', headers: { Location: '/' }, cookies: [cleared, ...sessionCookies(outcome.session, meta.secure)] });
  }
  if (outcome.kind === 'tested') {
    return reply({ status: 302, body: '', contentType: 'text/plain', headers: { Location: `/single-sign-on?test=${outcome.outcome}` }, cookies: [cleared] });
  }
  return reply({ status: outcome.refused ? 403 : 400, body: ssoPage(outcome.refused ? 'refused' : 'failed'), contentType: 'text/html; charset=utf-8', cookies: [cleared] });
});
