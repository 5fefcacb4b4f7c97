import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@caseload/contract/auth';
import { api, currentUserKey, isApiError } from './api.ts';

/** 401 on this read means "signed out", not an error. */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<CurrentUser | null> {
  try {
    return await api('getCurrentUser', { signal, expectUnauthorized: true });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** The signed-in user (null when signed out), shared by the shell, permissions and every feature. */
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
}
