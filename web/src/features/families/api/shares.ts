import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReportLanguage, Share } from '@caseload/contract/families';
import { api, apiQuery } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const sharesOf = (noteId: string) => apiQuery('listShares', { params: { id: noteId } });

/** A delivered note's shares with the family (Shared / Viewed / Acknowledged / Revoked). */
export const useShares = (noteId: string) => useQuery(sharesOf(noteId));

/** Shares the note: the answer holds the link and the code, shown this once. */
export function useCreateShare(noteId: string) {
  return useMutation({
    mutationFn: (language: ReportLanguage) => api('createShare', { params: { id: noteId }, body: { language } }),
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

type Foreign = Exclude<ReportLanguage, 'en'>;

/** The AI's draft of the note in `language` (the local generator offers none: its 400 says so). */
export function useDraftTranslation(noteId: string) {
  return useMutation({ mutationFn: (language: Foreign) => api('createNoteTranslation', { params: { id: noteId }, body: { language } }) });
}

/** The clinician's reviewed translation: from then on the note may be shared in that language. */
export function useReviewTranslation(noteId: string) {
  return useMutation({ mutationFn: ({ language, text }: { language: Foreign; text: string }) => api('reviewNoteTranslation', { params: { id: noteId, language }, body: { text, reviewed: true } }) });
}
