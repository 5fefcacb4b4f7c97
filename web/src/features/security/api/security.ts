import { useMutation, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { disableTwoFactorBody, enableTwoFactorBody } from '@caseload/contract/auth';
import { api, apiQuery, currentUserKey } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const refreshCurrentUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });
const trustedDevices = apiQuery('listTrustedDevices');

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api('setupTwoFactor') });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: z.input<typeof enableTwoFactorBody>) => api('enableTwoFactor', { body }),
    onSuccess: refreshCurrentUser,
  });
}

/** A wrong password may answer 401; that must not sign the user out. */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (body: z.input<typeof disableTwoFactorBody>) => api('disableTwoFactor', { body, expectUnauthorized: true }),
    onSuccess: refreshCurrentUser,
  });
}

/** Fetched only when two-factor is on, which is when the Trusted Devices card is shown. */
export function useTrustedDevices() {
  return useQuery(trustedDevices);
}

export function useRemoveTrustedDevice() {
  return useMutation({
    mutationFn: (id: string) => api('removeTrustedDevice', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustedDevices.queryKey }),
  });
}
