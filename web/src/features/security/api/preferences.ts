/** The user's own preferences (part 4 §8): the weekly digest's opt-in. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserPreferences } from '@caseload/contract/notifications';
import { api, apiQuery } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const preferencesQuery = apiQuery('getUserPreferences');

export function useUserPreferences() {
  return useQuery(preferencesQuery);
}

export function useSaveUserPreferences() {
  return useMutation({
    mutationFn: (body: UserPreferences) => api('saveUserPreferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  });
}
