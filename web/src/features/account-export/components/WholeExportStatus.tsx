import { Alert, Button, Link, Progress, Stack, Text } from '@chakra-ui/react';
import type { ExportJob } from '@caseload/contract/exports';
import { errorMessage } from '../../../lib/api.ts';
import { useWholeExportJob } from '../api/whole-export.ts';

interface WholeExportStatusProps {
  job: ExportJob;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A whole export under way: its progress, then the download link. The link works once and for 15
 * minutes (its own token, no cookie), so following it reads the job again for a fresh one.
 */
export function WholeExportStatus({ job: started, onRetry, retrying }: WholeExportStatusProps) {
  const query = useWholeExportJob(started);
  const job = query.data;

  if (job.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The export did not finish.</Alert.Title>
          <Alert.Description>Nothing was saved. Try again.</Alert.Description>
          <Button mt="2" size="sm" variant="outline" alignSelf="start" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (job.status === 'done' && job.downloadUrl) {
    return (
      <Stack gap="1" role="status">
        <Text fontSize="sm" color="green.700">
          Export ready. The link works once, for 15 minutes.
        </Text>
        <Link
          href={job.downloadUrl}
          download={job.fileName}
          onClick={() => void query.refetch()}
          fontWeight="semibold"
          wordBreak="break-all"
          colorPalette="blue"
        >
          {`Download ${job.fileName}`}
        </Link>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <Progress.Root value={job.progress} max={100} colorPalette="blue" size="md" striped animated>
        <Progress.Track aria-label="Preparing export" aria-valuetext={`${job.progress}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" role="status" aria-live="polite">
        {`Preparing export: ${job.progress}%`}
      </Text>
      {query.isError && (
        <Text fontSize="sm" color="red.700" role="alert">
          {errorMessage(query.error, 'Lost contact with the export.')} It goes on in the background: export again later to get the file.
        </Text>
      )}
    </Stack>
  );
}
