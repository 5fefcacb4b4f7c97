import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { GoalType } from '@caseload/contract/enums';
import { apiFile, apiQuery } from '../../../lib/api.ts';

export interface ReportFilters {
  days: number;
  clientId?: string;
  goalType?: GoalType;
}

const query = ({ days, clientId, goalType }: ReportFilters) => ({ days, ...(clientId ? { clientId } : {}), ...(goalType ? { goalType } : {}) });

/** The report for the filters; the previous one stays on screen while a new filter loads. */
export function useReport(filters: ReportFilters, enabled: boolean) {
  return useQuery({ ...apiQuery('getReport', { query: query(filters) }), enabled, placeholderData: keepPreviousData, staleTime: 60_000 });
}

/** The export file as the server writes it (pretty-printed JSON, or CSV with its byte-order mark), as a Blob. */
export function useExportReport() {
  return useMutation({
    mutationFn: ({ format, ...filters }: ReportFilters & { format: 'json' | 'csv' }) => apiFile('exportReport', { query: { ...query(filters), format } }),
  });
}
