import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CurrentUser, loginBody, registerBody, verifyTwoFactorBody } from '@caseload/contract/auth';
import { api, clearCurrentUser, currentUserKey } from '../../../lib/api.ts';
import { forgetCachedReads } from '../../../lib/offline-reads.ts';
import { queryClient } from '../../../lib/query-client.ts';

function storeUser(user: CurrentUser) {
  // Another person may have used this device: their reads kept for offline use go.
  forgetCachedReads();
  queryClient.setQueryData<CurrentUser | null>(currentUserKey, user);
}

/** A wrong password answers 401; that is a login outcome, not an ended session. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: z.input<typeof loginBody>) => api('login', { body, expectUnauthorized: true }),
    onSuccess: (result) => {
      if (!('requiresTwoFactor' in result)) storeUser(result);
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

export function useLogout() {
  return useMutation({
    mutationFn: () => api('logout'),
    onSuccess: clearCurrentUser,
    onError: (error) => console.error('Logout failed', error),
  });
}
