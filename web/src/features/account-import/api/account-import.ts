import { useMutation, useQuery } from '@tanstack/react-query';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES, type AccountImport } from '@caseload/contract/account-import';
import { api, ApiError, apiQuery } from '../../../lib/api.ts';

/** How often an import under way is read. */
const POLL_MS = 1000;

/**
 * Create, upload, apply in one go: the import is created (409 in a district with students), the zip
 * goes straight to its upload URL (a presigned S3 PUT, or the local upload route; never through the
 * API), then the job starts. Answers the import as the apply route does (status applying). A step
 * that fails (the network dropped) rejects; the chosen file stays chosen, so Import again retries.
 */
export function useStartAccountImport() {
  return useMutation({
    mutationFn: async (file: File): Promise<AccountImport> => {
      if (file.size > MAX_IMPORT_BYTES) throw new ApiError(413, { message: IMPORT_TOO_LARGE });
      const { importId, uploadUrl } = await api('startAccountImport', { body: { size: file.size } });
      const put = await fetch(uploadUrl, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/zip' } });
      if (!put.ok) throw new ApiError(put.status, { message: 'The file could not be uploaded. Check your connection and try again.' });
      return api('applyAccountImport', { params: { id: importId } });
    },
  });
}

/** The import, read about every second while it applies (a dropped read is retried; the bar waits). */
export function useAccountImport(started: AccountImport) {
  return useQuery({
    ...apiQuery('getAccountImport', { params: { id: started.id } }),
    initialData: started,
    staleTime: 0,
    retry: 3,
    refetchInterval: (q) => (q.state.data?.status === 'applying' || q.state.data?.status === 'uploading' ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
