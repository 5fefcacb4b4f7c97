import { Alert, Button, Link, Progress, Stack, Text } from '@chakra-ui/react';
import type { ExportJob } from '@caseload/contract/exports';
import { errorMessage } from '../../../lib/api.ts';
import { useExportJob } from '../api/exports.ts';

const rowsWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

interface ExportJobProgressProps {
  /** The job as the start answered it. */
  job: ExportJob;
  /** Starts the same export again (after a failure). */
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A whole-district export under way: a progress bar fed by polling, then a Download link to the
 * file; a failed job says so in words with Try again, which starts the export anew.
 */
export function ExportJobProgress({ job: started, onRetry, retrying }: ExportJobProgressProps) {
  const query = useExportJob(started);
  const job = query.data;

  if (job.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The export did not finish.</Alert.Title>
          <Alert.Description>Nothing was saved. Try again; if it fails again, choose a shorter period.</Alert.Description>
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
        <Text fontSize="sm" color="green.700">{`Export ready · ${rowsWord(job.rows)}`}</Text>
        <Link href={job.downloadUrl} download={job.fileName} fontWeight="semibold" wordBreak="break-all" colorPalette="blue">
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
