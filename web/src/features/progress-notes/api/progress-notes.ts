import { useMutation, useQuery } from '@tanstack/react-query';
import type { BulkGenerateInput, BulkJob, GenerateNoteInput, ProgressNote } from '@caseload/contract/notes';
import { api, apiFile, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Every cached notes list (each caseload's) sits under this key. */
const allNotes = apiQuery('listProgressNotes');
const caseloadNotes = (assignedTo: 'me' | 'all') => apiQuery('listProgressNotes', { query: { assignedTo } });
const clientNotes = (clientId: string) => apiQuery('listClientProgressNotes', { params: { id: clientId } });
/** The notes of the user's own caseload ('me') or of all they may see; waits while that is undecided. */
export const useProgressNotes = (assignedTo: 'me' | 'all' | undefined, enabled = true) =>
  useQuery({ ...caseloadNotes(assignedTo ?? 'all'), enabled: enabled && assignedTo !== undefined });

/** The client's notes, newest first (the previous-notes list of the generation dialog). */
export const useClientProgressNotes = (clientId: string, enabled = true) => useQuery({ ...clientNotes(clientId), enabled });

/** Replaces (or, with `remove`, drops) a note in every cached list that holds it. */
function patchCachedNote(note: ProgressNote, remove = false) {
  const update = (list: ProgressNote[] | undefined) =>
    list && (remove ? list.filter((n) => n.id !== note.id) : list.map((n) => (n.id === note.id ? note : n)));
  queryClient.setQueriesData<ProgressNote[]>({ queryKey: allNotes.queryKey }, update);
  queryClient.setQueryData<ProgressNote[]>(clientNotes(note.clientId).queryKey, update);
}

/** The current reporting period's clients still without a note, of the user's own caseload ('me') or of all they may see. */
const missingNotes = (assignedTo: 'me' | 'all') => apiQuery('listMissingProgressNotes', { query: { assignedTo } });
export const useMissingNotes = (assignedTo: 'me' | 'all' | undefined, enabled = true) =>
  useQuery({ ...missingNotes(assignedTo ?? 'all'), enabled: enabled && assignedTo !== undefined });

function refreshNotes(clientId?: string) {
  void queryClient.invalidateQueries({ queryKey: allNotes.queryKey });
  // A note written or deleted changes which clients still miss one.
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listMissingProgressNotes') });
  if (clientId) void queryClient.invalidateQueries({ queryKey: clientNotes(clientId).queryKey });
}

export function useGenerateProgressNote(clientId: string) {
  return useMutation({
    mutationFn: (body: GenerateNoteInput) => api('generateProgressNote', { params: { id: clientId }, body }),
    // The server stores the note; the previous-notes list and the notes page refresh.
    onSuccess: () => refreshNotes(clientId),
  });
}

/** One content save (the autosave of the generation dialog); `keepalive` when the page is going away. */
export async function saveNoteContent(id: string, content: string, keepalive = false): Promise<ProgressNote> {
  const note = await api('updateProgressNote', { params: { id }, body: { content }, keepalive });
  patchCachedNote(note);
  return note;
}

export function useUpdateProgressNote() {
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => api('updateProgressNote', { params: { id }, body: { content } }),
    onSuccess: (note) => patchCachedNote(note),
  });
}

/** Marks a note delivered (given to the family): its content is locked from then on. */
export function useMarkNoteDelivered() {
  return useMutation({
    mutationFn: (id: string) => api('updateProgressNote', { params: { id }, body: { status: 'delivered' } }),
    onSuccess: (note) => patchCachedNote(note),
  });
}

export function useDeleteProgressNote() {
  return useMutation({
    mutationFn: (note: ProgressNote) => api('deleteProgressNote', { params: { id: note.id } }),
    onSuccess: (_result, note) => {
      patchCachedNote(note, true);
      refreshNotes(note.clientId);
    },
  });
}

/** The most clients one bulk job takes (the contract's bulkGenerateBody). */
export const BULK_CLIENTS_MAX = 500;

export function useStartBulkGeneration() {
  return useMutation({ mutationFn: (body: BulkGenerateInput) => api('bulkGenerateProgressNotes', { body }) });
}

export const BULK_POLL_MS = 1000;

/**
 * The job as it runs: starts from the answer of the start call and polls about every second until
 * it is completed (or a read fails), then stops.
 */
export function useBulkJob(started: BulkJob) {
  return useQuery({
    ...apiQuery('getBulkGenerationJob', { params: { jobId: started.jobId } }),
    initialData: started,
    staleTime: Infinity,
    retry: 2,
    refetchInterval: (query) => (query.state.data?.status === 'completed' || query.state.status === 'error' ? false : BULK_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

export const refreshAllNotes = () => refreshNotes();

/** The note as a PDF for parents. */
export const fetchNotePdf = (id: string) => apiFile('downloadProgressNotePdf', { params: { id } });
