import * as routes from '@caseload/contract/manifest';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_MAX_AGE_SECONDS, SsoFailure, startFlow } from '@caseload/core/sso/flow';
import { ssoPage } from '@caseload/core/sso/pages';
import { requestOrigin, serializeCookie } from '@caseload/pipeline/http';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

const page = (status: number, kind: 'refused' | 'failed') => reply({ status, body: ssoPage(kind), contentType: 'text/html; charset=utf-8' });
const redirect = (location: string, cookies: string[] = []) => reply({ status: 302, body: '', contentType: 'text/plain', headers: { Location: location }, cookies });

export const handler = createHandler(routes.startSso, async ({ query, auth, event, meta }) => {
  // Only the owner tests; anyone else asking for a test gets an ordinary start (and no flow).
  const test = query.test === '1' && auth?.userType === 'owner';
  try {
    const started = await startFlow({ email: query.email, test }, auth, requestOrigin(event));
    if (!started) return test ? redirect('/single-sign-on?test=failed') : page(400, 'failed');
    // Lax, not Strict: the browser must send it on the provider's cross-site redirect back.
    const cookie = serializeCookie(FLOW_COOKIE, started.cookie, { maxAge: FLOW_MAX_AGE_SECONDS, secure: meta.secure, path: FLOW_COOKIE_PATH, sameSite: 'Lax' });
    return redirect(started.location, [cookie]);
  } catch (e) {
    if (!(e instanceof SsoFailure)) throw e;
    return test ? redirect(`/single-sign-on?test=${e.reason}`) : page(400, 'failed');
  }
});
