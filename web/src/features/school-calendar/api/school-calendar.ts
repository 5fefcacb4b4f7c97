import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReportingPeriodsInput } from '@caseload/contract/reporting-periods';
import type { AccountInput, ClosedDaysJob, ClosuresInput, SchoolYearsInput } from '@caseload/contract/school-year';
import { accountQuery, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { todayIn } from '../lib/calendar.ts';

export const closuresQuery = apiQuery('listClosures');

/** The account's name and time zone (every user may read it: dates follow the account's zone). */
export function useAccount() {
  return useQuery(accountQuery);
}

/** Today in the account's time zone; undefined until the account has loaded. */
export function useAccountToday(): string | undefined {
  const timeZone = useAccountTimeZone();
  return timeZone ? todayIn(timeZone) : undefined;
}

/** Minutes depend on the time zone, the closures and the school years (which days are instructional): they refresh after any of them changes. */
function refreshMinutes() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listServiceMinutes') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('getMinutesSummary') }),
    // `/api/clients` is also the prefix of each client's service minutes and make-ups.
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listClients') }),
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listSessions') }),
  ]);
}

export function useUpdateAccount() {
  return useMutation({
    mutationFn: (body: AccountInput) => api('updateAccount', { body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQuery.queryKey, account);
      void refreshMinutes();
    },
  });
}

export function useClosures(enabled: boolean) {
  return useQuery({ ...closuresQuery, enabled });
}

export function useSaveClosures() {
  return useMutation({
    mutationFn: (body: ClosuresInput) => api('saveClosures', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(closuresQuery.queryKey, { closures: saved.closures });
      void refreshMinutes();
    },
  });
}

export const schoolYearsQuery = apiQuery('listSchoolYears');

/** The account's school years and breaks (every signed-in user may read them). */
export function useSchoolYears() {
  return useQuery(schoolYearsQuery);
}

/** School years decide which days require minutes: the minutes refresh after a save. */
export function useSaveSchoolYears() {
  return useMutation({
    mutationFn: (body: SchoolYearsInput) => api('saveSchoolYears', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolYearsQuery.queryKey, { schoolYears: saved.schoolYears });
      void refreshMinutes();
    },
  });
}

export const reportingPeriodsQuery = apiQuery('getReportingPeriods');

/** The account's reporting periods and the current one (every signed-in user may read them). */
export function useReportingPeriods() {
  return useQuery(reportingPeriodsQuery);
}

export function useSaveReportingPeriods() {
  return useMutation({
    mutationFn: (body: ReportingPeriodsInput) => api('saveReportingPeriods', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reportingPeriodsQuery.queryKey, saved);
      // The missing-notes list is counted for the current period, which the save may have moved.
      void queryClient.invalidateQueries({ queryKey: queryKeyFor('listMissingProgressNotes') });
    },
  });
}

export const CLOSED_DAYS_JOB_POLL_MS = 1000;

/**
 * A save's background cancelling job (more than 200 sessions on the new closed days): starts from
 * the save's answer and polls about every second until it is done or failed (or a read fails).
 * Once it has finished, the minutes and sessions it changed are read again.
 */
export function useClosedDaysJob(started: ClosedDaysJob) {
  const query = useQuery({
    ...apiQuery('getClosureJob', { params: { jobId: started.id } }),
    initialData: started,
    staleTime: Infinity,
    retry: 2,
    refetchInterval: (q) => (q.state.data?.status !== 'running' || q.state.status === 'error' ? false : CLOSED_DAYS_JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });
  const finished = query.data.status !== 'running';
  useEffect(() => {
    if (finished) void refreshMinutes();
  }, [finished]);
  return query;
}
