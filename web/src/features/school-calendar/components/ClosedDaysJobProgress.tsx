import { Text } from '@chakra-ui/react';
import type { ClosedDaysJob } from '@caseload/contract/school-year';
import { JobFailed, JobProgressBar } from '../../../components/JobProgress.tsx';
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
      <JobFailed
        title="Canceling sessions on closed days did not finish."
        description={`${sessions(job.canceledSessions)} canceled so far. Your list is saved: press ${saveLabel} again to finish canceling the rest.`}
      />
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
    <JobProgressBar
      label="Canceling sessions on closed days"
      progress={job.progress}
      error={query.isError ? query.error : null}
      lostContact={['Lost contact with the job.', 'It goes on in the background: reload the page later to see the sessions.']}
    />
  );
}
