import * as routes from '@caseload/contract/manifest';
import { familyCookiePath, FAMILY_COOKIE } from '@caseload/core/families/visit-cookie';
import { unlockShare } from '@caseload/core/families/visits';
import { serializeCookie } from '@caseload/pipeline/http';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.unlockFamilyShare, async ({ params, body, meta }) => {
  const visit = await unlockShare(params.token, body.code);
  // The family's own cookie, sent by the browser to this share's routes only.
  const cookie = serializeCookie(FAMILY_COOKIE, visit.cookieValue, { maxAge: visit.maxAge, secure: meta.secure, path: familyCookiePath(params.token) });
  return reply({ status: 200, body: { ok: true as const }, cookies: [cookie] });
});
