import { keepPreviousData, useMutation, useQuery, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import type * as z from 'zod/mini';
import type { SeriesInput, UpdateSeriesInput } from '@caseload/contract/school-year';
import type { Goal, progressBody, ProgressPoint, SavedTrials, scheduleSessionBody, Session, SessionNote, UpdateParticipantInput, updateSessionBody } from '@caseload/contract/sessions';
import type { TrialsInput } from '@caseload/contract/trials';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { hasPermission } from '../../../lib/permissions.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';

const SESSIONS = '/api/sessions';
const SERIES = '/api/session-series';

/** The current user's session and goal permissions (an owner has all); hide what they may not do. */
export function useSessionPermissions() {
  const user = useCurrentUser().data;
  return {
    canCreateSessions: hasPermission(user, 'canCreateSessions'),
    canEditSessions: hasPermission(user, 'canEditSessions'),
    canDeleteSessions: hasPermission(user, 'canDeleteSessions'),
    canManageGoals: hasPermission(user, 'canManageGoals'),
    canViewReports: hasPermission(user, 'canViewReports'),
  };
}

// ---------- lists ----------

/** An instant as UTC ISO (a TZDate's own toISOString carries its zone's offset). */
const utcIso = (date: Date) => new Date(date.getTime()).toISOString();

/**
 * Sessions in [from, to) of one provider ('me', 'all' or a user id): what the calendar shows.
 * Cached 2 minutes.
 */
export function sessionsInRange(from: Date, to: Date, providerId: string) {
  return { ...apiQuery('listSessions', { query: { from: utcIso(from), to: utcIso(to), providerId } }), staleTime: cacheTimes.sessions };
}

/** Waits (no request) while `providerId` is undefined: the screen is still working out whose caseload it opens on. */
export function useSessionsInRange(from: Date, to: Date, providerId: string | undefined) {
  // While the next week loads, the previous one stays on screen instead of a flash of emptiness.
  return useQuery({ ...sessionsInRange(from, to, providerId ?? 'all'), placeholderData: keepPreviousData, enabled: providerId !== undefined });
}

/** A list read (['/api/sessions'] or ['/api/sessions', {from, to}]), not a detail read beneath it. */
const isSessionList = (query: Query) =>
  query.queryKey[0] === SESSIONS && (query.queryKey.length === 1 || typeof query.queryKey[1] === 'object');

/** A client's owed make-ups or service minutes (['/api/clients', id, 'makeups' | 'service-minutes', …]). */
const isClientMinutes = (query: Query) =>
  query.queryKey[0] === queryKeyFor('listClients')[0] && (query.queryKey[2] === 'makeups' || query.queryKey[2] === 'service-minutes');

/**
 * Creating or changing a session refreshes the sessions, the dashboard's stats, and the minutes
 * figures and owed make-ups it may change (a completed session, a canceled participation, a
 * make-up). Queries not on screen only become stale: no extra request now.
 */
export function refreshSessionLists() {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isSessionList }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('getDashboardStats') }),
    queryClient.invalidateQueries({ predicate: isClientMinutes }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listServiceMinutes') }),
  ]);
}

// ---------- one session ----------

export const sessionQuery = (id: string) => ({ ...apiQuery('getSession', { params: { id } }), staleTime: cacheTimes.sessions });

export function useSession(id: string) {
  return useQuery({ ...sessionQuery(id), retry: false });
}

function storeSession(session: Session) {
  queryClient.setQueryData(sessionQuery(session.id).queryKey, session);
}

export type ScheduleSessionInput = z.input<typeof scheduleSessionBody>;
export type UpdateSessionInput = z.input<typeof updateSessionBody>;

export function useCreateSession() {
  return useMutation({
    mutationFn: (body: ScheduleSessionInput) => api('createSession', { body }),
    onSuccess: (session) => {
      storeSession(session);
      return refreshSessionLists();
    },
  });
}

export function useUpdateSession(id: string) {
  return useMutation({
    mutationFn: (body: UpdateSessionInput) => api('updateSession', { params: { id }, body }),
    onSuccess: (session) => {
      storeSession(session);
      // Participants may have changed: their goals and documentation too.
      void queryClient.invalidateQueries({ queryKey: [SESSIONS, id], predicate: (query) => query.queryKey.length > 2 });
      return refreshSessionLists();
    },
  });
}

export function useDeleteSession(id: string) {
  return useMutation({
    mutationFn: () => api('deleteSession', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [SESSIONS, id] });
      return refreshSessionLists();
    },
  });
}

// ---------- the weekly timetable ----------

/** A client's canceled participations still owed a make-up (the "Make-up for…" choices); waits while no single client is chosen. */
export function useClientMakeups(clientId: string | undefined) {
  return useQuery({ ...apiQuery('listClientMakeups', { params: { id: clientId ?? '' } }), enabled: clientId !== undefined });
}

const seriesQuery = (seriesId: string) => apiQuery('getSessionSeries', { params: { id: seriesId } });

/** The series an occurrence belongs to (its weekdays and end, for "This and following sessions"); waits while undefined. */
export function useSessionSeries(seriesId: string | undefined) {
  return useQuery({ ...seriesQuery(seriesId ?? ''), enabled: seriesId !== undefined });
}

export function fetchSessionSeries(seriesId: string) {
  return queryClient.fetchQuery(seriesQuery(seriesId));
}

/**
 * A series write adds or removes many sessions at once: every sessions read goes stale, the detail
 * reads of removed occurrences included.
 */
function refreshAfterSeriesChange() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [SESSIONS] }),
    queryClient.invalidateQueries({ queryKey: [SERIES] }),
    refreshSessionLists(),
  ]);
}

/** "Repeats weekly on": one request creates the series and all its occurrences (it carries an Idempotency-Key, see api.ts). */
export function useCreateSeries() {
  return useMutation({
    mutationFn: (body: SeriesInput) => api('createSessionSeries', { body }),
    onSuccess: () => refreshAfterSeriesChange(),
  });
}

/** "This and following sessions" of an edit. */
export function useUpdateSeries(seriesId: string) {
  return useMutation({
    mutationFn: (body: UpdateSeriesInput) => api('updateSessionSeries', { params: { id: seriesId }, body }),
    onSuccess: () => refreshAfterSeriesChange(),
  });
}

/** "This and following sessions" of a delete: undocumented occurrences from `from` (a local date) on. */
export function useDeleteSeries(seriesId: string) {
  return useMutation({
    mutationFn: (from: string) => api('deleteSessionSeries', { params: { id: seriesId }, query: { from } }),
    onSuccess: () => refreshAfterSeriesChange(),
  });
}

// ---------- participants ----------

function participantMutationDone(session: Session) {
  storeSession(session);
  void queryClient.invalidateQueries({ queryKey: apiQuery('getSessionClientGoals', { params: { id: session.id } }).queryKey });
  void refreshSessionLists();
}

export function useAddParticipant(id: string) {
  return useMutation({
    mutationFn: (clientId: string) => api('addParticipant', { params: { id }, body: { clientId, status: 'scheduled' } }),
    onSuccess: participantMutationDone,
  });
}

export function useUpdateParticipant(id: string) {
  return useMutation({
    mutationFn: ({ clientId, ...body }: { clientId: string } & UpdateParticipantInput) => api('updateParticipant', { params: { id, clientId }, body }),
    onSuccess: participantMutationDone,
  });
}

export function useRemoveParticipant(id: string) {
  return useMutation({
    mutationFn: (clientId: string) => api('removeParticipant', { params: { id, clientId } }),
    onSuccess: participantMutationDone,
  });
}

// ---------- documentation ----------

export function useSessionClientGoals(id: string) {
  return useQuery(apiQuery('getSessionClientGoals', { params: { id } }));
}

const notesQuery = (id: string) => apiQuery('listSessionNotes', { params: { id } });
const progressQuery = (id: string) => apiQuery('listSessionProgress', { params: { id } });

export function useSessionNotes(id: string) {
  return useQuery(notesQuery(id));
}

export function useSessionProgress(id: string) {
  return useQuery(progressQuery(id));
}

/** One client's note as the server answered it, in place of the cached one. */
function storeNote(id: string, saved: SessionNote) {
  queryClient.setQueryData<SessionNote[]>(notesQuery(id).queryKey, (list = []) => [
    ...list.filter((note) => note.clientId !== saved.clientId),
    saved,
  ]);
}

/** Reads the notes again (a note was signed on another device). */
export function refreshSessionNotes(id: string) {
  return queryClient.invalidateQueries({ queryKey: notesQuery(id).queryKey });
}

/** Autosave of one client's notes; the stored list is updated so a later visit shows what was saved. */
export async function saveSessionNote(id: string, clientId: string, notes: string, keepalive: boolean): Promise<SessionNote> {
  const saved = await api('saveSessionNote', { params: { id }, body: { clientId, notes }, keepalive });
  storeNote(id, saved);
  return saved;
}

// ---------- signatures ----------

/**
 * A signature, co-signature or addendum answers the whole note. Signing marks the session
 * documented (its detail and the lists), and every one of them changes the dashboard's pending
 * lists and the service log.
 */
function signatureChanged(id: string, note: SessionNote, { sessionChanged }: { sessionChanged: boolean }) {
  storeNote(id, note);
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('getPendingSignatures') });
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listServiceLog') });
  if (sessionChanged) {
    void queryClient.invalidateQueries({ queryKey: sessionQuery(id).queryKey, exact: true });
    void refreshSessionLists();
  }
}

export function useSignNote(id: string) {
  return useMutation({
    mutationFn: (clientId: string) => api('signSessionNote', { params: { id }, body: { clientId } }),
    onSuccess: (note) => signatureChanged(id, note, { sessionChanged: true }),
  });
}

/**
 * The notes awaiting the user's co-signature (the dashboard's read, shared through the cache): only
 * the signing assistant's supervisors may co-sign, and this list is where the client learns who
 * those are. Read only when a note on screen awaits a co-signature the user might give.
 */
export function useAwaitingMyCosignature(enabled: boolean) {
  return useQuery({ ...apiQuery('getPendingSignatures'), enabled, select: (pending) => pending.awaitingMyCosignature });
}

export function useCosignNote(id: string) {
  return useMutation({
    mutationFn: (clientId: string) => api('cosignSessionNote', { params: { id }, body: { clientId } }),
    onSuccess: (note) => signatureChanged(id, note, { sessionChanged: false }),
  });
}

export function useAddAddendum(id: string) {
  return useMutation({
    mutationFn: (body: { clientId: string; text: string }) => api('addSessionAddendum', { params: { id }, body }),
    onSuccess: (note) => signatureChanged(id, note, { sessionChanged: false }),
  });
}

export type ProgressInput = z.input<typeof progressBody>;

export async function saveSessionProgress(id: string, body: ProgressInput, keepalive: boolean): Promise<ProgressPoint> {
  const saved = await api('saveSessionProgress', { params: { id }, body, keepalive });
  storeProgressPoint(id, saved);
  return saved;
}

/**
 * A goal's row of this session as the server answered it, in place of the cached one. Reports, the
 * goal's chart and the goals' recent accuracy and criterion read these rows: they become stale
 * (read again when next shown, not now: a live-scored trial must not cost a read per tap).
 */
export function storeProgressPoint(id: string, saved: ProgressPoint) {
  queryClient.setQueryData<ProgressPoint[]>(progressQuery(id).queryKey, (list = []) => [
    ...list.filter((point) => point.goalId !== saved.goalId),
    saved,
  ]);
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listProgress'), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listGoals'), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: apiQuery('getSessionClientGoals', { params: { id } }).queryKey, refetchType: 'none' });
}

/** Reads the session's progress rows again (a trials save was refused: show what the server holds). */
export function refreshSessionProgress(id: string) {
  return queryClient.invalidateQueries({ queryKey: progressQuery(id).queryKey });
}

/**
 * The names behind a save's ids as far as this page has read them (the queue keeps ids only, never
 * names, on the device).
 */
export function cachedNames(sessionId: string, clientId: string, goalId: string): { client?: Session['sessionParticipants'][number]['client']; goal?: string } {
  const session = queryClient.getQueryData<Session>(sessionQuery(sessionId).queryKey);
  const goals = queryClient.getQueryData<Goal[]>(apiQuery('getSessionClientGoals', { params: { id: sessionId } }).queryKey);
  return {
    client: session?.sessionParticipants.find((p) => p.client.id === clientId)?.client,
    goal: goals?.find((g) => g.id === goalId)?.name,
  };
}

/** One live-scored trial list, sent by the offline queue (lib/trials.ts), never directly. */
export function saveSessionTrials(id: string, body: TrialsInput): Promise<SavedTrials> {
  return api('saveSessionTrials', { params: { id }, body });
}

/**
 * One goal's row of this session from the cached progress list; a component using it re-renders
 * only when that row changes, not when another goal's does (the scoring grid's cells).
 */
export function useSessionProgressPoint(id: string, goalId: string): ProgressPoint | undefined {
  const select = useCallback((list: ProgressPoint[]) => list.find((point) => point.goalId === goalId), [goalId]);
  return useQuery({ ...progressQuery(id), select }).data;
}

// ---------- recent sessions ----------

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The Recent Sessions card (real data) and the page's empty state: sessions from 90
 * days back to 180 days ahead. The window is rounded to the hour so the cache key stays put.
 */
export function useSessionsAroundNow(providerId: string | undefined) {
  const hour = Math.floor(Date.now() / HOUR) * HOUR;
  return useQuery({ ...sessionsInRange(new Date(hour - 90 * DAY), new Date(hour + 180 * DAY), providerId ?? 'all'), enabled: providerId !== undefined });
}

/** The last few sessions before now, newest first. */
export function recentSessions(sessions: readonly Session[], now: Date, count = 3): Session[] {
  return sessions
    .filter((session) => new Date(session.scheduledAt) <= now)
    .sort((a, b) => Date.parse(b.scheduledAt) - Date.parse(a.scheduledAt))
    .slice(0, count);
}
