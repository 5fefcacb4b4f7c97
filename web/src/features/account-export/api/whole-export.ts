import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportInput, ExportJob } from '@caseload/contract/exports';
import { api, apiQuery, errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';

/** How often a running export is read. */
const POLL_MS = 1000;

type WholeExportBody = Extract<ExportInput, { scope: unknown }>;

/**
 * A whole export (the district's record, or one student's) on the one export job mechanism:
 * `start` posts it, `job` is the one under way or finished. Try again starts the same body anew.
 */
export function useWholeExport() {
  const [started, setStarted] = useState<{ job: ExportJob; body: WholeExportBody }>();
  const starter = useMutation({ mutationFn: (body: WholeExportBody) => api('startExport', { body }) });
  const start = (body: WholeExportBody) =>
    starter.mutate(body, {
      onSuccess: (job) => setStarted({ job, body }),
      onError: (error) => notify.error({ title: 'Export failed', description: errorMessage(error, 'Could not start the export.') }),
    });
  return { job: started?.job, start, retry: () => started && start(started.body), starting: starter.isPending };
}

/** The job read about every second until it is done or failed; every read of a done job brings a fresh download link. */
export function useWholeExportJob(started: ExportJob) {
  return useQuery({
    ...apiQuery('getExport', { params: { jobId: started.id } }),
    initialData: started,
    staleTime: Infinity,
    retry: 2,
    refetchInterval: (q) => (q.state.data?.status !== 'running' || q.state.status === 'error' ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}
