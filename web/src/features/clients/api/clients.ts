import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Client, ClientInput, CreateClientInput } from '@caseload/contract/caseload';
import { api, apiQuery, queryKeyFor, type ApiResponse } from '../../../lib/api.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';
import { CLIENT_PAGE_SIZE, type ClientQuery } from '../lib/clients.ts';

type ListAnswer = ApiResponse<'listClients'>;
export interface ClientPage {
  items: Client[];
  nextCursor?: string;
}

/** With `limit` the server answers a page; without it the whole (filtered) list, as before paging. */
const asPage = (answer: ListAnswer): ClientPage => (Array.isArray(answer) ? { items: answer } : answer);
const asList = (answer: ListAnswer): Client[] => (Array.isArray(answer) ? answer : answer.items);

const CLIENTS = queryKeyFor('listClients');

/**
 * The whole filtered list (no paging): the progress-notes page names its notes' clients from it.
 * Keep `query` narrow (a caseload, a search): a district's whole roster runs to thousands.
 */
export function useClients(query: ClientQuery = {}, enabled = true) {
  return useQuery({ ...apiQuery('listClients', { query }), select: asList, placeholderData: keepPreviousData, staleTime: cacheTimes.clients, enabled });
}

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
 * A pick list's choices: the first `limit` clients matching a name prefix, from the server.
 * The previous answer stays while the next search runs, so the list never blinks empty.
 */
export function useClientSearch(query: ClientQuery, limit: number, enabled = true) {
  return useQuery({
    ...apiQuery('listClients', { query: { ...query, limit } }),
    select: (answer: ListAnswer) => asPage(answer),
    placeholderData: keepPreviousData,
    staleTime: cacheTimes.clients,
    enabled,
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
