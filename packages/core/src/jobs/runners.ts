/**
 * The runner of each kind of background job, loaded only where jobs run (the local process, the
 * queue worker): the note generator and the Bedrock client stay out of the routes' bundles.
 */
import { failAccountImport } from '../account-import/job.ts';
import { runAccountImport } from '../account-import/runner.ts';
import { INTERRUPTED_MESSAGE } from '../notes/bulk-job.ts';
import { failRemaining, runBulkJob } from '../notes/bulk-runner.ts';
import { failExportJob, runExportJob } from '../exports/runner.ts';
import { failRosterImport, runRosterApply, runRosterPreview } from '../roster/runner.ts';
import { failClosedDaysJob, runClosedDaysJob } from '../timetable/closed-days-runner.ts';
import type { JobKind, JobRunner } from './dispatch.ts';

/** Why a job is given up: interrupted in this process, or out of queue retries. */
export type GiveUpReason = 'interrupted' | 'retriesExhausted';
const BULK_GAVE_UP = 'Generation did not finish. Please try again for this client.';

const runners: Record<JobKind, JobRunner & { giveUp(accountId: string, jobId: string, reason?: GiveUpReason): Promise<void> }> = {
  bulkNotes: {
    run: runBulkJob,
    giveUp: (accountId, jobId, reason = 'interrupted') => failRemaining(accountId, jobId, reason === 'interrupted' ? INTERRUPTED_MESSAGE : BULK_GAVE_UP),
  },
  closedDays: {
    run: runClosedDaysJob,
    // The days stay pending on the list: the next save finishes them.
    giveUp: (accountId, jobId) => failClosedDaysJob(accountId, jobId),
  },
  export: {
    run: runExportJob,
    // The page says so and offers Try again, which starts a new job.
    giveUp: (accountId, jobId) => failExportJob(accountId, jobId),
  },
  // Roster import steps: the page says failed; a preview can be started again (the zip stays until applied).
  rosterPreview: { run: runRosterPreview, giveUp: (accountId, jobId) => failRosterImport(accountId, jobId) },
  rosterApply: { run: runRosterApply, giveUp: (accountId, jobId) => failRosterImport(accountId, jobId) },
  // A district import: the page says failed and why (docs/leaving.md).
  accountImport: { run: runAccountImport, giveUp: (accountId, jobId) => failAccountImport(accountId, jobId) },
};

export const jobRunner = (kind: JobKind) => runners[kind];
