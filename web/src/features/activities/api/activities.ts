import { useQuery } from '@tanstack/react-query';
import type { ActivityKind } from '@caseload/contract/caseload';
import { apiQuery } from '../../../lib/api.ts';

/** The signed-in user's own recent audit events of a kind (the server filters, so the list stays full), read when the notifications list opens. */
export function useMyActivities(kind: ActivityKind = 'work') {
  return useQuery(apiQuery('listActivities', { query: { scope: 'mine', kind } }));
}
