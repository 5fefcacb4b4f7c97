import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportInput, ExportJob } from '@caseload/contract/exports';
import { api, apiQuery, errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';

/** How often a running export is read (a district's month takes seconds to a minute). */
export const EXPORT_JOB_POLL_MS = 1000;

/** Starts a whole-district export (a background job); answers the job as it starts. */
function useStartExport() {
  return useMutation({ mutationFn: (body: ExportInput) => api('startExport', { body }) });
}

/** A started export, from its start answer, read about every second until it is done or failed (or a read fails). */
export function useExportJob(started: ExportJob) {
  return useQuery({
    ...apiQuery('getExport', { params: { jobId: started.id } }),
    initialData: started,
    staleTime: Infinity,
    retry: 2,
    refetchInterval: (q) => (q.state.data?.status !== 'running' || q.state.status === 'error' ? false : EXPORT_JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/**
 * A page's whole-district export: `start` runs the job for these filters (Try again runs the same
 * ones), `job` is the one under way or finished, shown by ExportJobProgress.
 */
export function useDistrictExport(failure: string) {
  const [started, setStarted] = useState<{ job: ExportJob; body: ExportInput }>();
  const starter = useStartExport();
  const start = (body: ExportInput) =>
    starter.mutate(body, {
      onSuccess: (job) => setStarted({ job, body }),
      onError: (error) => notify.error({ title: 'Export failed', description: errorMessage(error, failure) }),
    });
  return { job: started?.job, start, retry: () => started && start(started.body), starting: starter.isPending };
}

export type DistrictExport = ReturnType<typeof useDistrictExport>;
