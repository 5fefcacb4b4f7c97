import { describe, expect, it } from 'vitest';
import { routes } from './manifest.ts';
import { isApiReadCache, isOfflineRead, isUserReadCache, userReadCache } from './offline-reads.ts';

const SESSION = '0d9f7c1e-5a4b-4c3d-8e2f-1a0b9c8d7e6f';

describe('API reads a device may keep for offline use (part 4 §2)', () => {
  it.each([`/api/sessions/${SESSION}`, `/api/sessions/${SESSION}/client-goals`, `/api/sessions/${SESSION}/progress`, '/api/account'])('keeps %s', (path) => {
    expect(isOfflineRead(path)).toBe(true);
  });

  it.each([
    '/api/user',
    '/api/users',
    '/api/sessions',
    `/api/sessions/${SESSION}/notes`,
    `/api/sessions/${SESSION}/notes/${SESSION}/pdf`,
    '/api/goals',
    '/api/progress',
    '/api/progress-notes',
    '/api/clients',
    '/api/service-log',
    '/api/service-minutes',
    '/clients/1',
    '/assets/index.js',
  ])('never keeps %s', (path) => {
    expect(isOfflineRead(path)).toBe(false);
  });

  it('keeps no read of any route but the session page and the account settings it reads', () => {
    const kept = Object.entries(routes)
      .filter(([, route]) => route.method === 'GET' && isOfflineRead(route.path.replace(/\{[^}]+\}/g, SESSION)))
      .map(([name]) => name)
      .sort();
    expect(kept).toEqual(['getAccount', 'getSession', 'getSessionClientGoals', 'listSessionProgress']);
  });

  it("names each user's cache for that user, and knows every API cache an older build made", () => {
    expect(userReadCache('u1')).not.toBe(userReadCache('u2'));
    expect(isUserReadCache(userReadCache('u1'))).toBe(true);
    expect(isApiReadCache(userReadCache('u1'))).toBe(true);
    expect(isApiReadCache('caseload-api-reads')).toBe(true);
    expect(isApiReadCache('workbox-precache-v2-http://x/')).toBe(false);
  });
});
