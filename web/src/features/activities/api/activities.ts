import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The signed-in user's own recent audit events, read when the notifications list opens. */
export function useMyActivities() {
  return useQuery(apiQuery('listActivities', { query: { scope: 'mine' } }));
}
