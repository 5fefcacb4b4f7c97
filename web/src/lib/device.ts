/**
 * What this device keeps for the person signed in on it, and how it is cleared (part 4 §2). School
 * staff share tablets and laptops, so nothing a signed-out user can reach holds student data:
 * - the service worker's copy of the session page's reads, in a cache named for the user
 *   (web/src/app/sw.ts): opened here at sign-in, deleted here at sign-out;
 * - the offline queue of unsent changes (IndexedDB, lib/offline-queue.ts): discarded at sign-out;
 * - web storage: only the signed-in user's own record and when they last used the app (so the app
 *   reopens offline on the session page being scored, and an idle device signs itself out even
 *   when it was closed), and a note that a sign-out could not reach the server yet. Sign-out
 *   empties it.
 * React Query's cache is cleared by the callers (lib/api.ts), which own it.
 */
import { SIGNED_IN_HINT_COOKIE, type CurrentUser } from '@caseload/contract/auth';
import { isApiReadCache, userReadCache } from '@caseload/contract/offline-reads';
import { discardEveryQueue } from './offline-queue.ts';

const SIGNED_IN = 'caseload.signed-in';
const SIGN_OUT_PENDING = 'caseload.sign-out-pending';
const MINUTE_MS = 60_000;

interface SignedIn {
  user: CurrentUser;
  /** Epoch ms of the last use of the app on this device (any tab). */
  lastActiveAt: number;
}

/** Web storage that may be missing or refuse (private modes): the app works without it. */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readSignedIn(): SignedIn | undefined {
  try {
    const raw = storage()?.getItem(SIGNED_IN);
    return raw ? (JSON.parse(raw) as SignedIn) : undefined;
  } catch {
    return undefined;
  }
}

function writeSignedIn(value: SignedIn): void {
  try {
    storage()?.setItem(SIGNED_IN, JSON.stringify(value));
  } catch {
    // Full or refused: the app only loses reopening offline.
  }
}

/** Deletes the caches of API answers: every user's, and the shared one of older builds. */
async function forgetCachedReads(except?: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = (await caches.keys()).filter((name) => isApiReadCache(name) && name !== except);
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Someone is signed in: from now on the device keeps their session-page reads (in their cache
 * only, every other person's gone) and remembers them for reopening offline.
 */
export async function rememberSignedIn(user: CurrentUser): Promise<void> {
  const before = readSignedIn();
  writeSignedIn({ user, lastActiveAt: before?.user.id === user.id ? Math.max(before.lastActiveAt, Date.now()) : Date.now() });
  try {
    // This sign-in replaced the cookie a pending sign-out would have ended (that session ends at its idle time).
    storage()?.removeItem(SIGN_OUT_PENDING);
  } catch {
    // Nothing stored.
  }
  if (typeof caches === 'undefined') return;
  const own = userReadCache(user.id);
  await forgetCachedReads(own).catch(() => undefined);
  await caches.open(own).catch(() => undefined);
}

/**
 * The user signed in on this device, for when the server cannot be reached (the caller has checked
 * idlePastLimit first).
 */
export function signedInOffline(): CurrentUser | undefined {
  return readSignedIn()?.user;
}

/** Someone was signed in here and has not used the app for their automatic sign-out time (the app was closed meanwhile). */
export function idlePastLimit(now = Date.now()): boolean {
  const signedIn = readSignedIn();
  return signedIn !== undefined && now - signedIn.lastActiveAt >= signedIn.user.idleMinutes * MINUTE_MS;
}

/** The last use of the app on this device, in any tab (epoch ms); undefined when nobody is signed in. */
export function lastActiveAt(): number | undefined {
  return readSignedIn()?.lastActiveAt;
}

/** Records a use of the app now (shared by the tabs, kept across a closed browser). */
export function markActive(now = Date.now()): void {
  const signedIn = readSignedIn();
  if (signedIn && now > signedIn.lastActiveAt) writeSignedIn({ ...signedIn, lastActiveAt: now });
}

/** The server set its signed-in hint with a login session (the session's own cookie is out of reach). */
export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

function dropSignedInHint(): void {
  if (typeof document !== 'undefined') document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/**
 * The server's session ended (expired, ended elsewhere): the session page's reads and the user's
 * record go. Unsent changes stay for the same person's next sign-in (lib/offline-queue.ts).
 */
export async function forgetSignedIn(): Promise<void> {
  dropSignedInHint();
  try {
    storage()?.removeItem(SIGNED_IN);
  } catch {
    // Nothing stored.
  }
  await forgetCachedReads().catch(() => undefined);
}

/**
 * Sign-out: everything this app put on the device goes, online or offline (the API caches, the
 * offline queue, web storage), before the server is asked to end the session; that session is
 * noted as still to end until endPendingSignOut reaches the server, now or at the app's next start.
 */
export async function clearDevice(): Promise<void> {
  dropSignedInHint();
  await Promise.all([forgetCachedReads().catch(() => undefined), discardEveryQueue()]);
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    try {
      globalThis[area]?.clear();
    } catch {
      // Not available here.
    }
  }
  try {
    storage()?.setItem(SIGN_OUT_PENDING, '1');
  } catch {
    // Unreachable server and no storage: the server's session then ends at its idle time.
  }
}

/**
 * Ends a server session a sign-out could not reach, before anything else uses the cookie: true
 * once it is ended (or there was none), false while the server still cannot be reached.
 */
export async function endPendingSignOut(logout: () => Promise<unknown>, isServerAnswer: (error: unknown) => boolean): Promise<boolean> {
  if (storage()?.getItem(SIGN_OUT_PENDING) !== '1') return true;
  try {
    await logout();
  } catch (error) {
    if (!isServerAnswer(error)) return false;
  }
  storage()?.removeItem(SIGN_OUT_PENDING);
  return true;
}
