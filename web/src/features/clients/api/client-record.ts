import type { Client } from '@caseload/contract/caseload';
import { queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useClients } from './clients.ts';

const isClient = (value: unknown, id: string): value is Client =>
  typeof value === 'object' && value !== null && (value as Client).id === id && 'firstName' in value && 'status' in value;

/** The client as any list already in the cache holds it (whole lists, pages, the clients page's pages). */
function cachedClient(id: string): Client | undefined {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: queryKeyFor('listClients') })) {
    const lists: unknown[][] = Array.isArray(data)
      ? [data as unknown[]]
      : data && typeof data === 'object' && 'pages' in data
        ? (data as { pages: { items: unknown[] }[] }).pages.map((page) => page.items)
        : data && typeof data === 'object' && 'items' in data
          ? [(data as { items: unknown[] }).items]
          : [];
    for (const list of lists) {
      const found = list.find((item): item is Client => isClient(item, id));
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * One client's record for its page. The API has no single-client read, so: the record the link
 * carried (the clients table), else any cached list holding it, else the user's own caseload (a
 * few dozen clients), fetched once. A client found nowhere answers undefined once that has loaded.
 */
export function useClientRecord(id: string, fromLink: Client | undefined) {
  const known = fromLink?.id === id ? fromLink : cachedClient(id);
  const caseload = useClients({ assignedTo: 'me' }, known === undefined);
  const client = known ?? caseload.data?.find((c) => c.id === id);
  return { client, loading: client === undefined && caseload.isPending && !caseload.isError };
}
