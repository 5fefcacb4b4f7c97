import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '@caseload/contract/auth';
import { api } from '../../../lib/api.ts';
import { lastActiveAt, markActive } from '../../../lib/device.ts';
import { signOut } from '../api/auth.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The warning comes this long before the sign-out (part 4 §2). */
const WARN_BEFORE = 2 * MINUTE;
/** How often the clock is looked at; the dialog and the sign-out are this late at most. */
const CHECK_EVERY = 5 * SECOND;
/** While someone works without sending anything (typing a note), the server hears of it this often. */
const TELL_SERVER_EVERY = 30 * SECOND;
/**
 * The server renews its idle time at most once a minute (packages/core/src/auth/login-sessions.ts),
 * so its session may have been last renewed up to this long before the request that told it.
 */
const SERVER_RENEWAL_SLACK = MINUTE;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

// The warning's dialog is not in the first load (the budget of ARCHITECTURE.md §9); it is fetched
// as soon as the shell is up, so it is there even if the network drops later.
const loadWarning = () => import('./IdleWarning.tsx');
const IdleWarning = lazy(() => loadWarning().then((m) => ({ default: m.IdleWarning })));

/**
 * Automatic sign-out after the account's idleMinutes without use (part 4 §2): two minutes before,
 * 'You will be signed out in 2 minutes' with 'Stay signed in'; then the device is cleared and the
 * server's session ended. The device's deadline is never later than the server's (which ends the
 * session by itself whatever the device does), so 'Stay signed in' always finds the session alive.
 * Use in another tab counts too (lib/device.ts shares the last use).
 */
export function IdleSignOut({ user }: { user: CurrentUser }) {
  const limit = user.idleMinutes * MINUTE;
  const [warning, setWarning] = useState(false);
  const warningShown = useRef(false);
  const lastUse = useRef(Date.now());
  const lastToldServer = useRef(Date.now());
  const staySignedIn = useRef<() => void>(() => undefined);

  useEffect(() => {
    const tellServer = (now: number) => {
      lastToldServer.current = now;
      // Any answer renews the server's idle time; a 401 (already ended) signs this device out in api().
      void api('getCurrentUser').catch(() => undefined);
    };
    const used = () => {
      // While the warning is up, only its button keeps the person signed in.
      if (warningShown.current) return;
      const now = Date.now();
      lastUse.current = now;
      markActive(now);
      if (now - lastToldServer.current >= TELL_SERVER_EVERY) tellServer(now);
    };
    const check = () => {
      const now = Date.now();
      const lastHere = Math.max(lastUse.current, lastActiveAt() ?? 0);
      const deadline = Math.min(lastHere, lastToldServer.current - SERVER_RENEWAL_SLACK) + limit;
      if (now >= deadline) {
        warningShown.current = false;
        setWarning(false);
        void signOut();
      } else if (now >= deadline - WARN_BEFORE) {
        warningShown.current = true;
        setWarning(true);
      } else if (warningShown.current) {
        // Used in another tab meanwhile.
        warningShown.current = false;
        setWarning(false);
      }
    };
    const stay = () => {
      warningShown.current = false;
      used();
      tellServer(Date.now());
    };
    staySignedIn.current = stay;
    markActive();
    void loadWarning();
    for (const event of ACTIVITY) window.addEventListener(event, used, { capture: true, passive: true });
    const timer = setInterval(check, CHECK_EVERY);
    return () => {
      for (const event of ACTIVITY) window.removeEventListener(event, used, { capture: true });
      clearInterval(timer);
    };
  }, [limit]);

  const stay = () => {
    staySignedIn.current();
    setWarning(false);
  };
  return warning ? (
    <Suspense fallback={null}>
      <IdleWarning idleMinutes={user.idleMinutes} onStay={stay} />
    </Suspense>
  ) : null;
}
