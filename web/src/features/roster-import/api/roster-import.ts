import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterImport, RosterQuery } from '@caseload/contract/roster';
import { MAX_ROSTER_BYTES, ROSTER_TOO_LARGE } from '@caseload/contract/roster';
import { api, ApiError, apiQuery, queryKeyFor } from '../../../lib/api.ts';

/** How often a preview or apply under way is read (a district of 20,000 students takes about a minute). */
export const ROSTER_POLL_MS = 1000;

const running = (job: RosterImport | undefined) => job?.status === 'previewing' || job?.status === 'applying';

/**
 * Upload and preview in one go: the import is created, the zip goes straight to its upload URL
 * (a presigned S3 PUT, or the local upload route; never through the API), then the preview job
 * starts. Answers the import as the preview route does (status previewing).
 */
export function useUploadAndPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, allStudentsAreClients }: { file: File; allStudentsAreClients: boolean }) => {
      if (file.size > MAX_ROSTER_BYTES) throw new ApiError(413, { message: ROSTER_TOO_LARGE });
      const { importId, uploadUrl } = await api('startRosterImport', { body: { size: file.size } });
      const put = await fetch(uploadUrl, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/zip' } });
      if (!put.ok) throw new ApiError(put.status, { message: 'The file could not be uploaded. Try again.' });
      return api('previewRosterImport', { params: { id: importId }, body: { allStudentsAreClients } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeyFor('listRosterImports') }),
  });
}

/** One import, read about every second while its preview or apply runs. */
export function useRosterImport(started: RosterImport) {
  return useQuery({
    ...apiQuery('getRosterImport', { params: { id: started.id } }),
    initialData: started,
    staleTime: 0,
    retry: 2,
    refetchInterval: (q) => (running(q.state.data) && q.state.status !== 'error' ? ROSTER_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export function useApplyImport(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schoolYears: boolean) => api('applyRosterImport', { params: { id: importId }, body: { schoolYears } }),
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeyFor('getRosterImport', { params: { id: importId } }), job);
      void queryClient.invalidateQueries({ queryKey: queryKeyFor('listRosterImports') });
    },
  });
}

export const useRosterImports = () => useQuery(apiQuery('listRosterImports'));

/** The district roster for the Add Client dialog (a page of 25, by name). */
export function useRoster(query: RosterQuery, enabled: boolean) {
  return useQuery({ ...apiQuery('listRoster', { query: { limit: 25, ...query } }), enabled });
}
