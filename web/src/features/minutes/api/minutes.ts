import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFile, apiQuery } from '../../../lib/api.ts';
import type { DateRange } from '../lib/minutes.ts';

export interface CaseloadMinutesQuery extends DateRange {
  assignedTo: string;
}

/** The caseload's rows for a period; the last answer stays (dimmed) while a new period or scope loads. */
export function useServiceMinutes(query: CaseloadMinutesQuery | undefined) {
  return useQuery({
    ...apiQuery('listServiceMinutes', { query: query ?? { assignedTo: 'me' } }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The same rows as CSV (the server writes it), as a Blob to save. */
export function useExportServiceMinutes() {
  return useMutation({ mutationFn: (query: CaseloadMinutesQuery) => apiFile('exportServiceMinutes', { query }) });
}

/** One student's minutes for the school year (the server's default period). */
export function useClientServiceMinutes(clientId: string) {
  return useQuery(apiQuery('getClientServiceMinutes', { params: { id: clientId }, query: {} }));
}

/** The student's canceled participations still owed a make-up. */
export function useClientMakeups(clientId: string) {
  return useQuery(apiQuery('listClientMakeups', { params: { id: clientId } }));
}

