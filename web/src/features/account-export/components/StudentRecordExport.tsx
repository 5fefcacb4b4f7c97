import { Button, Stack } from '@chakra-ui/react';
import { usePermission } from '../../../lib/permissions.ts';
import { useWholeExport } from '../api/whole-export.ts';
import { WholeExportStatus } from './WholeExportStatus.tsx';

/** The client page's "Export student record" (part 4 §5): one student's whole record, for a records request or a transfer. */
export function StudentRecordExport({ clientId }: { clientId: string }) {
  const canEdit = usePermission('canEditClients');
  const { job, start, retry, starting } = useWholeExport();
  if (!canEdit) return null;

  return (
    <Stack gap="2" maxW="sm">
      <Button variant="outline" onClick={() => start({ scope: 'client', clientId })} loading={starting} disabled={job?.status === 'running'}>
        Export student record
      </Button>
      {job && <WholeExportStatus key={job.id} job={job} onRetry={retry} retrying={starting} />}
    </Stack>
  );
}
