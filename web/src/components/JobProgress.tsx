import { Alert, Button, Link, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api.ts';

/**
 * The pieces every background job's screen shows (exports, a district's whole record, canceling on
 * closed days): a progress bar fed by polling, a failure said in words, a download link. The
 * features keep their own words; the shape and its accessibility live here once.
 */

interface JobProgressBarProps {
  /** What the job does, e.g. "Preparing export": the bar's name and the status line's start. */
  label: string;
  progress: number;
  /** The poll's failure, when the last read failed. */
  error: unknown;
  /** The error's fallback words and what becomes of the job, e.g. ['Lost contact with the export.', 'It goes on in the background: …']. */
  lostContact: [fallback: string, whatHappens: string];
}

export function JobProgressBar({ label, progress, error, lostContact: [fallback, whatHappens] }: JobProgressBarProps) {
  return (
    <Stack gap="2">
      <Progress.Root value={progress} max={100} colorPalette="blue" size="md" striped animated>
        <Progress.Track aria-label={label} aria-valuetext={`${progress}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" role="status" aria-live="polite">
        {`${label}: ${progress}%`}
      </Text>
      {error != null && (
        <Text fontSize="sm" color="red.700" role="alert">
          {errorMessage(error, fallback)} {whatHappens}
        </Text>
      )}
    </Stack>
  );
}

/** An export's bar, in the same words wherever an export runs (a district's lists, a whole account). */
export function ExportProgressBar({ progress, error }: Pick<JobProgressBarProps, 'progress' | 'error'>) {
  return (
    <JobProgressBar
      label="Preparing export"
      progress={progress}
      error={error}
      lostContact={['Lost contact with the export.', 'It goes on in the background: export again later to get the file.']}
    />
  );
}

interface JobFailedProps {
  title: string;
  description: string;
  /** Starts the job anew; absent when the way to finish is elsewhere (the description says where). */
  onRetry?: () => void;
  retrying?: boolean;
}

export function JobFailed({ title, description, onRetry, retrying }: JobFailedProps) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{description}</Alert.Description>
        {onRetry && (
          <Button mt="2" size="sm" variant="outline" alignSelf="start" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

interface JobDownloadProps {
  /** The finished job's line, e.g. "Export ready · 1,204 rows". */
  message: ReactNode;
  url: string;
  fileName: string;
  /** On following the link (a one-time link reads the job again for a fresh one). */
  onFollow?: () => void;
}

export function JobDownload({ message, url, fileName, onFollow }: JobDownloadProps) {
  return (
    <Stack gap="1" role="status">
      <Text fontSize="sm" color="green.700">
        {message}
      </Text>
      <Link href={url} download={fileName} onClick={onFollow} fontWeight="semibold" wordBreak="break-all" colorPalette="blue">
        {`Download ${fileName}`}
      </Link>
    </Stack>
  );
}
