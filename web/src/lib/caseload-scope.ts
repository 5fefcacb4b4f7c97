import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiQuery } from './api.ts';
import { useCurrentUser } from './current-user.ts';
import { useUrlParams } from './url-params.ts';

/** 'My caseload' (the clients assigned to the user, the sessions they provide) or 'All clients' (all the user may see). */
export type CaseloadScope = 'mine' | 'all';

/** The URL and API value: 'me', 'all', or one user's id (the calendar's clinician filter). */
export type CaseloadFilter = string;

/** The user's last explicit choice, per user, so a shared computer keeps each clinician's own. */
export const scopeStorageKey = (userId: string) => `caseload:scope:${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readRemembered(userId: string): CaseloadScope | undefined {
  try {
    const value = localStorage.getItem(scopeStorageKey(userId));
    return value === 'mine' || value === 'all' ? value : undefined;
  } catch {
    // Storage can be disabled (private mode, policy): the screens then open on the default.
    return undefined;
  }
}

function remember(userId: string, scope: CaseloadScope) {
  try {
    localStorage.setItem(scopeStorageKey(userId), scope);
  } catch {
    // As above: the choice still holds in the URL.
  }
}

/**
 * Whether the user has any client assigned: one item at most. Under the clients list's key, so
 * adding or changing a client refreshes it with the lists.
 */
export const assignedClientsProbe = apiQuery('listClients', { query: { assignedTo: 'me', limit: 1 } });

/** A URL value the API accepts ('me', 'all' or a user id); anything else is ignored. */
function validFilter(value: string | null): CaseloadFilter | undefined {
  return value === 'me' || value === 'all' || (value !== null && UUID.test(value)) ? value : undefined;
}

export interface CaseloadScopeState {
  /** What to send as `assignedTo` / `providerId`; undefined only while a first visit asks whether the user has clients. */
  filter: CaseloadFilter | undefined;
  /** The switch's position; a clinician filter counts as 'all' (it widens beyond the user's own). */
  scope: CaseloadScope | undefined;
  setScope: (scope: CaseloadScope) => void;
  /** Narrows 'All clients' to one clinician (the calendar's filter); undefined goes back to everyone. */
  setClinician: (userId: string | undefined) => void;
}

/**
 * The 'My caseload / All clients' switch of the clients page, calendar, dashboard and notes page.
 * The URL (`param`) wins, so a reload or a shared link keeps it; then the user's remembered choice
 * (localStorage `caseload:scope:<userId>`); then 'My caseload' for a user who has clients assigned.
 */
export function useCaseloadScope(param: 'assignedTo' | 'providerId'): CaseloadScopeState {
  const userId = useCurrentUser().data?.id;
  const [params, setParams] = useUrlParams();
  const fromUrl = validFilter(params.get(param));
  const remembered = userId ? readRemembered(userId) : undefined;
  const probe = useQuery({ ...assignedClientsProbe, enabled: Boolean(userId) && !fromUrl && !remembered });
  // Decided once per screen: a refreshed probe (a client added meanwhile) never flips the list under the user.
  const [probed, setProbed] = useState<CaseloadScope>();
  if (probed === undefined && (probe.data || probe.isError)) {
    // A failed probe opens on everything the user may see, the API's own default.
    setProbed(probe.data && itemsOf(probe.data).length > 0 ? 'mine' : 'all');
  }

  const chosen = remembered ?? probed;
  const filter = fromUrl === userId ? 'me' : (fromUrl ?? (chosen && (chosen === 'mine' ? 'me' : 'all')));
  const scope = filter === undefined ? undefined : filter === 'me' ? 'mine' : 'all';

  const write = useCallback(
    (value: CaseloadFilter) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(param, value);
        return next;
      }),
    [param, setParams],
  );

  const setScope = useCallback(
    (next: CaseloadScope) => {
      if (userId) remember(userId, next);
      write(next === 'mine' ? 'me' : 'all');
    },
    [userId, write],
  );

  const setClinician = useCallback((clinicianId: string | undefined) => write(clinicianId ?? 'all'), [write]);

  return { filter, scope, setScope, setClinician };
}

function itemsOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  return (answer as { items: unknown[] }).items;
}
