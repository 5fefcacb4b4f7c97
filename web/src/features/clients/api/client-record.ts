import { useQuery } from '@tanstack/react-query';
import type { Client } from '@caseload/contract/caseload';
import { apiQuery, isApiError } from '../../../lib/api.ts';
import { cacheTimes } from '../../../lib/query-client.ts';

/**
 * One client's record for its page (GET /api/clients/{id}); the record a link carried (the clients
 * table) shows at once while the read confirms it. Under the list's query key, so a change to any
 * client refreshes it too.
 */
export function useClientRecord(id: string, fromLink: Client | undefined) {
  const query = useQuery({
    ...apiQuery('getClient', { params: { id } }),
    placeholderData: fromLink?.id === id ? fromLink : undefined,
    staleTime: cacheTimes.clients,
  });
  return { client: query.data, loading: query.isPending, notFound: isApiError(query.error, 404), retry: () => void query.refetch() };
}
