import { Button } from '@chakra-ui/react';
import { errorMessage } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { notify } from '../../../lib/toaster.ts';
import { useSessionNotePdf } from '../api/service-log.ts';

export interface SessionNotePdfLinkProps {
  sessionId: string;
  clientId: string;
  /** The saved file's name; the page that places the button knows the student and the date. */
  fileName?: string;
}

/**
 * "Download PDF" of one student's note in one session (signed or not: the PDF says which). The
 * file comes through the API client, so an ended session or a refusal shows as a message, never as
 * a broken download.
 */
export function SessionNotePdfLink({ sessionId, clientId, fileName = 'session-note.pdf' }: SessionNotePdfLinkProps) {
  const pdf = useSessionNotePdf();
  const download = () =>
    pdf.mutate(
      { sessionId, clientId },
      {
        onSuccess: (file) => downloadFile(file, fileName, 'application/pdf'),
        onError: (error) => notify.error({ title: 'Download failed', description: errorMessage(error, 'The session note could not be downloaded.') }),
      },
    );
  return (
    <Button variant="outline" size="sm" onClick={download} loading={pdf.isPending}>
      Download PDF
    </Button>
  );
}
