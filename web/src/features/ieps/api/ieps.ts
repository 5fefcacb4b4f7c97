import { useMutation, useQuery } from '@tanstack/react-query';
import type { Iep, IepInput } from '@caseload/contract/school-year';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const iepsQuery = (clientId: string) => apiQuery('listIeps', { params: { id: clientId } });

export function useIeps(clientId: string) {
  return useQuery(iepsQuery(clientId));
}

/**
 * An IEP changes what is required: the client's IEPs and minutes (all under /api/clients/<id>) and
 * the minutes page and dashboard counts (under /api/service-minutes) refresh.
 */
function refreshAfterIepChange(clientId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listIeps', { params: { id: clientId } }).slice(0, 2) }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listServiceMinutes') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listActivities') }),
  ]);
}

/** The saved IEP shows at once, before the refetch answers. */
function storeIep(clientId: string, iep: Iep) {
  queryClient.setQueryData<Iep[]>(iepsQuery(clientId).queryKey, (list) =>
    list && (list.some((i) => i.id === iep.id) ? list.map((i) => (i.id === iep.id ? iep : i)) : [...list, iep]),
  );
  void refreshAfterIepChange(clientId);
}

export function useCreateIep(clientId: string) {
  return useMutation({
    mutationFn: (body: IepInput) => api('createIep', { params: { id: clientId }, body }),
    onSuccess: (iep) => storeIep(clientId, iep),
  });
}

export function useUpdateIep(clientId: string) {
  return useMutation({
    mutationFn: ({ iepId, body }: { iepId: string; body: IepInput }) => api('updateIep', { params: { iepId }, body }),
    onSuccess: (iep) => storeIep(clientId, iep),
  });
}

export function useDeleteIep(clientId: string) {
  return useMutation({
    mutationFn: (iepId: string) => api('deleteIep', { params: { iepId } }),
    onSuccess: (_ok, iepId) => {
      queryClient.setQueryData<Iep[]>(iepsQuery(clientId).queryKey, (list) => list?.filter((i) => i.id !== iepId));
      void refreshAfterIepChange(clientId);
    },
  });
}
