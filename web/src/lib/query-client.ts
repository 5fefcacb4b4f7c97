import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/** Per-list freshness; pass as `staleTime` on those queries. */
export const cacheTimes = {
  sessions: 2 * MINUTE,
  clients: 3 * MINUTE,
  organizations: 5 * MINUTE,
} as const;

/** The spec's data-client defaults: clinicians are on poor Wi-Fi, so one quick retry and no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: 1,
        retryDelay: 500,
        refetchInterval: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client; the API helper needs it to clear the current user when a session ends. */
export const queryClient = createQueryClient();
