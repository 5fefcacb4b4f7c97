import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActivityKind } from '@caseload/contract/caseload';
import { useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { apiQuery } from '../../../lib/api.ts';
import { cacheTimes } from '../../../lib/query-client.ts';
import { accountWeekStart, todayRange } from '../lib/dashboard.ts';

/**
 * The four numbers for this week in the account's zone (the key changes only when the week does),
 * of the user's own caseload ('me') or of everything they may see ('all'); no request until both
 * the caseload and the zone are known.
 */
export function useDashboardStats(assignedTo: 'me' | 'all' | undefined) {
  const [now] = useState(() => new Date());
  const timeZone = useAccountTimeZone();
  const weekStart = timeZone ? accountWeekStart(now, timeZone) : undefined;
  return useQuery({
    ...apiQuery('getDashboardStats', { query: { weekStart, assignedTo: assignedTo ?? 'all' } }),
    enabled: assignedTo !== undefined && weekStart !== undefined,
  });
}

/** Recent audit events of a kind; a user who cannot manage users gets only its own (the server decides). */
export function useRecentActivities(kind: ActivityKind) {
  return useQuery(apiQuery('listActivities', { query: { scope: 'account', kind } }));
}

/**
 * Today's sessions only (the server reads just today's range), the user's own ('me') or all they
 * may see. "Today" and the times are the account's: no request until its zone is known.
 */
export function useTodaysSessions(providerId: 'me' | 'all' | undefined) {
  const [now] = useState(() => new Date());
  const timeZone = useAccountTimeZone();
  const range = timeZone ? todayRange(now, timeZone) : { from: '', to: '' };
  const sessions = useQuery({
    ...apiQuery('listSessions', { query: { ...range, providerId: providerId ?? 'all' } }),
    staleTime: cacheTimes.sessions,
    enabled: providerId !== undefined && timeZone !== undefined,
  });
  return { sessions, timeZone };
}

/** The service-minutes counts (behind, reviews due, re-evaluations due) of the same caseload as the cards above. */
export function useMinutesSummary(assignedTo: 'me' | 'all' | undefined) {
  return useQuery({ ...apiQuery('getMinutesSummary', { query: { assignedTo: assignedTo ?? 'me' } }), enabled: assignedTo !== undefined });
}

/** Notes awaiting the user's co-signature (SLPs) and the user's own notes left unsigned; one read for both cards. */
export function usePendingSignatures() {
  return useQuery(apiQuery('getPendingSignatures'));
}

/** The students behind 'Goals at risk' in the same scope as the dashboard's count (part 4 §7). */
export function useGoalsAtRisk(assignedTo: 'me' | 'all' | undefined) {
  return useQuery({ ...apiQuery('listGoalsAtRisk', { query: { assignedTo: assignedTo ?? 'all' } }), enabled: assignedTo !== undefined });
}
