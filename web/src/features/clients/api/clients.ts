import { useMutation, useQuery } from '@tanstack/react-query';
import type { Client, ClientInput } from '@caseload/contract/caseload';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';

/** The client list is fresh for 3 minutes. */
export const clientsQuery = { ...apiQuery('listClients'), staleTime: cacheTimes.clients };

export function useClients() {
  return useQuery(clientsQuery);
}

/**
 * After a client changes: the list, the dashboard numbers and recent activity, and the
 * organizations' client counts. Prefix keys, so every week's stats and every detail read beneath
 * them refresh too (a query not on screen only becomes stale: no extra request now).
 */
function refreshAfterClientChange() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('getDashboardStats') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listOrganizations') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listActivities') }),
  ]);
}

/** The list shows the saved record at once, before the refetch answers (slow Wi-Fi, index lag). */
function updateCachedList(change: (clients: Client[]) => Client[]) {
  queryClient.setQueryData<Client[]>(clientsQuery.queryKey, (clients) => (clients ? change(clients) : clients));
}

export function useCreateClient() {
  return useMutation({
    mutationFn: (body: ClientInput) => api('createClient', { body }),
    onSuccess: (created) => {
      updateCachedList((clients) => [...clients.filter((c) => c.id !== created.id), created]);
      void refreshAfterClientChange();
    },
  });
}

export function useUpdateClient() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ClientInput }) => api('updateClient', { params: { id }, body }),
    onSuccess: (updated) => {
      updateCachedList((clients) => clients.map((c) => (c.id === updated.id ? updated : c)));
      void refreshAfterClientChange();
    },
  });
}

export function useArchiveClient() {
  return useMutation({
    mutationFn: (id: string) => api('archiveClient', { params: { id } }),
    onSuccess: (_ok, id) => {
      updateCachedList((clients) => clients.filter((c) => c.id !== id));
      void refreshAfterClientChange();
    },
  });
}
