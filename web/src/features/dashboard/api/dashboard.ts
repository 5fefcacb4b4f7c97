import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiQuery } from '../../../lib/api.ts';
import { cacheTimes } from '../../../lib/query-client.ts';
import { localToday, localWeekStart } from '../lib/dashboard.ts';

/** The four numbers for the user's local week (the key changes only when the week does). */
export function useDashboardStats() {
  const [weekStart] = useState(() => localWeekStart(new Date()));
  return useQuery(apiQuery('getDashboardStats', { query: { weekStart } }));
}

/** Recent audit events; a user who cannot manage users gets only its own (the server decides). */
export function useRecentActivities() {
  return useQuery(apiQuery('listActivities', { query: { scope: 'account' } }));
}

/** Today's sessions only: the server reads just today's range. */
export function useTodaysSessions() {
  const [range] = useState(() => localToday(new Date()));
  return useQuery({ ...apiQuery('listSessions', { query: range }), staleTime: cacheTimes.sessions });
}
