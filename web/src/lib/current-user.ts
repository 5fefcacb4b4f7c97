import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@caseload/contract/auth';
import { api, currentUserKey, isApiError } from './api.ts';
import { clearDevice, endPendingSignOut, forgetSignedIn, hasSignedInHint, idlePastLimit, rememberSignedIn, signedInOffline } from './device.ts';

const PENDING_SIGN_OUT_WAIT_MS = 10_000;

/**
 * 401 on this read means "signed out", not an error. A sign-out that could not reach the server
 * is finished first, so its cookie never signs anyone back in. With no network, the person signed
 * in on this device (within their automatic sign-out time) keeps working offline; nobody, or an
 * idle device, gets the sign-in page.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser | null> {
  // Reopened after the automatic sign-out time: that sign-out happens now, as if the app had been open.
  if (idlePastLimit()) await clearDevice();
  // Bounded: on a network that hangs rather than fails, the app goes on (to the sign-in page) and
  // tries again at its next start.
  const logout = () => api('logout', { signal: AbortSignal.timeout(PENDING_SIGN_OUT_WAIT_MS) });
  if (!(await endPendingSignOut(logout, (error) => isApiError(error)))) return null;
  // Nobody signed in on this device: nothing to ask the server (an ordinary sign-in page load makes no 401).
  if (!hasSignedInHint() && !signedInOffline()) return null;
  try {
    const user = await api('getCurrentUser', { signal, expectUnauthorized: true });
    await rememberSignedIn(user);
    return user;
  } catch (error) {
    if (isApiError(error, 401)) {
      await forgetSignedIn();
      return null;
    }
    if (isApiError(error) || signal.aborted) throw error;
    return signedInOffline() ?? null;
  }
}

/** The signed-in user (null when signed out), shared by the shell, permissions and every feature. */
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
}
