import { Alert, Progress, Stack, Text } from '@chakra-ui/react';
import type { ClosedDaysJob } from '@caseload/contract/school-year';
import { errorMessage } from '../../../lib/api.ts';
import { useClosedDaysJob } from '../api/school-calendar.ts';

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

interface ClosedDaysJobProgressProps {
  /** The job as the save answered it. */
  job: ClosedDaysJob;
  /** The Save button's text, e.g. "Save closures": a failed job is finished by pressing it again. */
  saveLabel: string;
}

/**
 * A save's background cancelling (more than 200 sessions on the newly closed days): a progress bar
 * fed by polling, then how many sessions were canceled; a failed job says so and that saving again
 * finishes the work (the days it did not reach stay owed to the next save).
 */
export function ClosedDaysJobProgress({ job: started, saveLabel }: ClosedDaysJobProgressProps) {
  const query = useClosedDaysJob(started);
  const job = query.data;

  if (job.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Canceling sessions on closed days did not finish.</Alert.Title>
          <Alert.Description>{`${sessions(job.canceledSessions)} canceled so far. Your list is saved: press ${saveLabel} again to finish canceling the rest.`}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (job.status === 'done') {
    return (
      <Text role="status" color="green.700" fontSize="sm">
        {`Canceling finished · ${sessions(job.canceledSessions)} canceled on closed days`}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Progress.Root value={job.progress} max={100} colorPalette="blue" size="md" striped animated>
        <Progress.Track aria-label="Canceling sessions on closed days" aria-valuetext={`${job.progress}%`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" role="status" aria-live="polite">
        {`Canceling sessions on closed days: ${job.progress}%`}
      </Text>
      {query.isError && (
        <Text fontSize="sm" color="red.700" role="alert">
          {errorMessage(query.error, 'Lost contact with the job.')} It goes on in the background: reload the page later to see the sessions.
        </Text>
      )}
    </Stack>
  );
}
