/**
 * What each scheduled job does, by the names of packages/contract/src/scheduled-jobs.ts (the
 * record's type makes the compiler ask for a runner for every schedule). Adding a job is a line
 * there (its schedule) and a line here (its function); both runners, EventBridge Scheduler in the
 * cloud and the local scheduler, then run it.
 */
import { jobsDueAt, type ScheduledJobName } from '@caseload/contract/scheduled-jobs';
import { runAccountDeletion } from '../account-deletion/job.ts';
import { runWeeklyDigest } from '../notifications/digest.ts';
import { runReminders } from '../notifications/job.ts';
import { runRetention } from '../retention/job.ts';
import type { JobBudget, JobResult } from './types.ts';

export const jobRunners: Record<ScheduledJobName, (at: Date, budget: JobBudget) => Promise<JobResult>> = {
  'account-deletion': runAccountDeletion,
  retention: runRetention,
  reminders: runReminders,
  'weekly-digest': runWeeklyDigest,
};

export const runScheduledJob = (name: ScheduledJobName, at: Date, budget: JobBudget) => jobRunners[name](at, budget);

/** Runs every job due in the minute of `at`, one after another in definition order. */
export async function runJobsDueAt(at: Date, budget: JobBudget): Promise<{ job: ScheduledJobName; result: JobResult }[]> {
  const results: { job: ScheduledJobName; result: JobResult }[] = [];
  for (const job of jobsDueAt(at)) results.push({ job, result: await runScheduledJob(job, at, budget) });
  return results;
}
