import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CurrentUser, loginBody, registerBody, verifyTwoFactorBody } from '@caseload/contract/auth';
import { api, clearCurrentUser, currentUserKey, isApiError } from '../../../lib/api.ts';
import { clearDevice, endPendingSignOut, rememberSignedIn } from '../../../lib/device.ts';
import { queryClient } from '../../../lib/query-client.ts';

async function storeUser(user: CurrentUser) {
  // Another person may have used this device: only this person's reads are kept from now on.
  await rememberSignedIn(user);
  queryClient.setQueryData<CurrentUser | null>(currentUserKey, user);
}

/** A wrong password answers 401; that is a login outcome, not an ended session. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: z.input<typeof loginBody>) => api('login', { body, expectUnauthorized: true }),
    onSuccess: async (result) => {
      if (!('requiresTwoFactor' in result)) await storeUser(result);
    },
  });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: (body: z.input<typeof verifyTwoFactorBody>) => api('verifyTwoFactor', { body, expectUnauthorized: true }),
    onSuccess: storeUser,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: z.input<typeof registerBody>) => api('register', { body }),
    onSuccess: storeUser,
  });
}

/**
 * Sign Out (part 4 §2), by hand or after inactivity: the device is cleared first, online or
 * offline (lib/device.ts), then the server is asked to end the session; a sign-out that cannot
 * reach it is finished when the app next starts. Never fails: the person is signed out here.
 */
export async function signOut(): Promise<void> {
  await clearDevice();
  clearCurrentUser();
  await endPendingSignOut(
    () => api('logout'),
    (error) => isApiError(error),
  ).catch(() => false);
}

export function useSignOut() {
  // 'always': React Query holds back a mutation while the browser is offline, and a sign-out must not wait.
  return useMutation({ mutationFn: signOut, networkMode: 'always' });
}

/**
 * Whether this e-mail's district signs in with single sign-on: asked once the e-mail is typed (on
 * leaving the field). Any failure is simply "no": the password form is still there.
 */
export async function discoverSso(email: string) {
  try {
    return await api('discoverSso', { query: { email } });
  } catch {
    return { sso: false as const };
  }
}
