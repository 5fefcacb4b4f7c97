import { useMutation, useQuery } from '@tanstack/react-query';
import type { Organization, OrganizationInput } from '@caseload/contract/caseload';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';

export const organizationsQuery = { ...apiQuery('listOrganizations'), staleTime: cacheTimes.organizations };

/** The organizations the user may see; also feeds the client form's and filters' selects. */
export function useOrganizations() {
  return useQuery(organizationsQuery);
}

/** Shows the saved record at once, then refetches (the stats come from the server). */
function updateCachedList(change: (organizations: Organization[]) => Organization[]) {
  queryClient.setQueryData<Organization[]>(organizationsQuery.queryKey, (list) => (list ? change(list) : list));
  void queryClient.invalidateQueries({ queryKey: organizationsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listActivities') });
}

export function useCreateOrganization() {
  return useMutation({
    mutationFn: (body: OrganizationInput) => api('createOrganization', { body }),
    onSuccess: (created) => updateCachedList((list) => [...list.filter((o) => o.id !== created.id), created]),
  });
}

export function useUpdateOrganization() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrganizationInput }) => api('updateOrganization', { params: { id }, body }),
    onSuccess: (updated) => updateCachedList((list) => list.map((o) => (o.id === updated.id ? updated : o))),
  });
}

/** The server refuses (409) while the organization still has active clients; its message says so. */
export function useArchiveOrganization() {
  return useMutation({
    mutationFn: (id: string) => api('archiveOrganization', { params: { id } }),
    onSuccess: (_ok, id) => updateCachedList((list) => list.filter((o) => o.id !== id)),
  });
}
