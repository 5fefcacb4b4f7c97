import { keepPreviousData, useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import type { Client, ClientInput, CreateClientInput } from '@caseload/contract/caseload';
import { api, queryKeyFor } from '../../../lib/api.ts';
import { asPage, CLIENTS, type ClientPage, type ClientQuery, type ListAnswer } from '../../../lib/clients.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';
import { CLIENT_PAGE_SIZE } from '../lib/clients.ts';

/**
 * The clients page: pages of 50 from the server, each read with the cursor of the one before.
 * While new filters load, the last answer stays on screen (placeholder), and the old request is
 * aborted: react-query cancels a query nobody observes any more, through the fetch's signal.
 */
export function useClientPages(query: ClientQuery | undefined) {
  const filters = query ?? {};
  return useInfiniteQuery({
    queryKey: [...queryKeyFor('listClients', { query: filters }), 'pages'],
    queryFn: async ({ pageParam, signal }) =>
      asPage(await api('listClients', { query: { ...filters, limit: CLIENT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: cacheTimes.clients,
    enabled: query !== undefined,
  });
}

/**
 * After a client changes: the lists, the dashboard numbers and recent activity, and the
 * organizations' client counts. Prefix keys, so every filtered list, page and week's stats
 * beneath them refresh too (a query not on screen only becomes stale: no extra request now).
 */
function refreshAfterClientChange() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CLIENTS }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('getDashboardStats') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listOrganizations') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listActivities') }),
  ]);
}

type Cached = ListAnswer | InfiniteData<ClientPage, string>;

/**
 * Every cached list shows the saved record at once, before the refetch answers (slow Wi-Fi, index
 * lag): `change` applies to whole lists, single pages and the clients page's pages alike.
 */
function updateCachedLists(change: (clients: Client[]) => Client[]) {
  queryClient.setQueriesData<Cached>({ queryKey: CLIENTS }, (cached) => {
    if (!cached) return cached;
    if (Array.isArray(cached)) return change(cached);
    if ('pages' in cached) return { ...cached, pages: cached.pages.map((page) => ({ ...page, items: change(page.items) })) };
    return { ...cached, items: change(cached.items) };
  });
}

export function useCreateClient() {
  return useMutation({
    mutationFn: (body: CreateClientInput) => api('createClient', { body }),
    // Where a new client falls among filtered pages is the server's to say: the refetch places it.
    onSuccess: () => void refreshAfterClientChange(),
  });
}

export function useUpdateClient() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ClientInput }) => api('updateClient', { params: { id }, body }),
    onSuccess: (updated) => {
      updateCachedLists((clients) => clients.map((c) => (c.id === updated.id ? updated : c)));
      void refreshAfterClientChange();
    },
  });
}

export function useArchiveClient() {
  return useMutation({
    mutationFn: (id: string) => api('archiveClient', { params: { id } }),
    onSuccess: (_ok, id) => {
      updateCachedLists((clients) => clients.filter((c) => c.id !== id));
      void refreshAfterClientChange();
    },
  });
}
