import { keepPreviousData, useMutation, useQuery, type Query } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ParticipantStatus } from '@caseload/contract/enums';
import type { progressBody, ProgressPoint, scheduleSessionBody, Session, SessionNote, updateSessionBody } from '@caseload/contract/sessions';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { hasPermission } from '../../../lib/permissions.ts';
import { cacheTimes, queryClient } from '../../../lib/query-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';

const SESSIONS = '/api/sessions';

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

/**
 * Sessions in [from, to) of one provider ('me', 'all' or a user id): what the calendar shows.
 * Cached 2 minutes.
 */
export function sessionsInRange(from: Date, to: Date, providerId: string) {
  return { ...apiQuery('listSessions', { query: { from: from.toISOString(), to: to.toISOString(), providerId } }), staleTime: cacheTimes.sessions };
}

/** Waits (no request) while `providerId` is undefined: the screen is still working out whose caseload it opens on. */
export function useSessionsInRange(from: Date, to: Date, providerId: string | undefined) {
  // While the next week loads, the previous one stays on screen instead of a flash of emptiness.
  return useQuery({ ...sessionsInRange(from, to, providerId ?? 'all'), placeholderData: keepPreviousData, enabled: providerId !== undefined });
}

/** A list read (['/api/sessions'] or ['/api/sessions', {from, to}]), not a detail read beneath it. */
const isSessionList = (query: Query) =>
  query.queryKey[0] === SESSIONS && (query.queryKey.length === 1 || typeof query.queryKey[1] === 'object');

/** Creating or changing a session refreshes the sessions and the dashboard's stats. */
export function refreshSessionLists() {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isSessionList }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('getDashboardStats') }),
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
    mutationFn: ({ clientId, status }: { clientId: string; status: ParticipantStatus }) =>
      api('updateParticipant', { params: { id, clientId }, body: { status } }),
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

/** Autosave of one client's notes; the stored list is updated so a later visit shows what was saved. */
export async function saveSessionNote(id: string, clientId: string, notes: string, keepalive: boolean): Promise<SessionNote> {
  const saved = await api('saveSessionNote', { params: { id }, body: { clientId, notes }, keepalive });
  queryClient.setQueryData<SessionNote[]>(notesQuery(id).queryKey, (list = []) => [
    ...list.filter((note) => note.clientId !== clientId),
    saved,
  ]);
  return saved;
}

export type ProgressInput = z.input<typeof progressBody>;

export async function saveSessionProgress(id: string, body: ProgressInput, keepalive: boolean): Promise<ProgressPoint> {
  const saved = await api('saveSessionProgress', { params: { id }, body, keepalive });
  queryClient.setQueryData<ProgressPoint[]>(progressQuery(id).queryKey, (list = []) => [
    ...list.filter((point) => point.goalId !== body.goalId),
    saved,
  ]);
  // Reports and the goal's accuracy chart read these data points.
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listProgress') });
  return saved;
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
