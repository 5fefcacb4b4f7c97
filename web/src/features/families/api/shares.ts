import { useMutation, useQuery } from '@tanstack/react-query';
import type { Share } from '@caseload/contract/families';
import { api, apiQuery } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const sharesOf = (noteId: string) => apiQuery('listShares', { params: { id: noteId } });

/** A delivered note's shares with the family (Shared / Viewed / Acknowledged / Revoked). */
export const useShares = (noteId: string) => useQuery(sharesOf(noteId));

/** Shares the note: the answer holds the link and the code, shown this once. */
export function useCreateShare(noteId: string) {
  return useMutation({
    mutationFn: () => api('createShare', { params: { id: noteId }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesOf(noteId).queryKey }),
  });
}

export function useRevokeShare(noteId: string) {
  return useMutation({
    mutationFn: (shareId: string) => api('revokeShare', { params: { id: noteId, shareId } }),
    // The list updates from the answer (the index behind it catches up a moment later).
    onSuccess: (revoked) => queryClient.setQueryData<Share[]>(sharesOf(noteId).queryKey, (list) => list?.map((s) => (s.id === revoked.id ? revoked : s))),
  });
}
