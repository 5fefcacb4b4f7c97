/**
 * What the SPA's service worker (web/src/app/sw.ts) may keep on a device for offline use (part 4 §2):
 * only the reads of a session page the user opened (the session, its students' goals and their
 * progress) and the account's settings that page formats times with. Never the current user, users,
 * notes, reports, minutes, the service log or any export: a shared device keeps no more than the
 * session a clinician is scoring.
 *
 * The answers live in a cache named for the signed-in user. The page opens it at sign-in and
 * deletes every such cache at sign-out (web/src/lib/device.ts); the worker writes only into a user
 * cache that already exists, so after sign-out nothing is kept until someone signs in again.
 */
export const OFFLINE_READ_PATHS: readonly RegExp[] = [
  /^\/api\/sessions\/[^/]+$/,
  /^\/api\/sessions\/[^/]+\/client-goals$/,
  /^\/api\/sessions\/[^/]+\/progress$/,
  /^\/api\/account$/,
];

export const isOfflineRead = (pathname: string) => OFFLINE_READ_PATHS.some((path) => path.test(pathname));

const USER_READ_CACHE_PREFIX = 'caseload-reads-';

/** The cache of one user's offline reads. */
export const userReadCache = (userId: string) => `${USER_READ_CACHE_PREFIX}${userId}`;

/** Any cache of API answers this app ever made (today's user caches and older builds' shared one). */
export const isApiReadCache = (name: string) => name.startsWith(USER_READ_CACHE_PREFIX) || name === 'caseload-api-reads';

export const isUserReadCache = (name: string) => name.startsWith(USER_READ_CACHE_PREFIX);
