import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFile, apiQuery } from '../../../lib/api.ts';
import type { ServiceLogRequest } from '../lib/service-log.ts';

/** The lines of a period; the last answer stays (dimmed) while new filters load. */
export function useServiceLog(request: ServiceLogRequest | undefined) {
  return useQuery({
    ...apiQuery('listServiceLog', { query: request ?? {} }),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The same lines as CSV (the server writes it), as a Blob to save. */
export function useExportServiceLog() {
  return useMutation({ mutationFn: (request: ServiceLogRequest) => apiFile('exportServiceLog', { query: request }) });
}

/** One client's session note as a PDF. */
export function useSessionNotePdf() {
  return useMutation({
    mutationFn: ({ sessionId, clientId }: { sessionId: string; clientId: string }) => apiFile('downloadSessionNotePdf', { params: { id: sessionId, clientId } }),
  });
}
