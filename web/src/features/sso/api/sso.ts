import { useMutation, useQuery } from '@tanstack/react-query';
import type { SsoSettingsBody } from '@caseload/contract/sso';
import { api, apiQuery } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const settings = apiQuery('getSsoSettings');

export function useSsoSettings() {
  return useQuery(settings);
}

export function useSaveSsoSettings() {
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => api('saveSsoSettings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settings.queryKey, saved),
  });
}

/** Whether this e-mail's district signs in with SSO (the login page's e-mail-first step). */
export const discoverSso = (email: string) => api('discoverSso', { query: { email } });
