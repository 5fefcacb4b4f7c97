/**
 * The daily `account-deletion` job: deletes every district whose deletion date has come in its
 * own time zone (and finishes any deletion an earlier run left midway: its account item is still
 * there, deleted last). One district at a time, while the budget lasts.
 */
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { localDate } from '../school-calendar/dates.ts';
import { everyAccount } from '../scheduled-jobs/accounts.ts';
import type { JobBudget, JobResult } from '../scheduled-jobs/types.ts';
import { deleteAccount } from './delete-account.ts';

export async function runAccountDeletion(at: Date, budget: JobBudget): Promise<JobResult> {
  let deleted = 0;
  let stopped = 0;
  for await (const account of everyAccount()) {
    const due = account.deletionScheduledFor !== undefined && account.deletionScheduledFor <= localDate(at, account.timeZone ?? DEFAULT_TIME_ZONE);
    if (!due) continue;
    if (budget.exhausted()) {
      stopped++;
      continue;
    }
    const outcome = await deleteAccount(account, at.toISOString(), budget);
    if (outcome === 'deleted') deleted++;
    else stopped++;
  }
  return { done: stopped === 0, summary: { deleted, unfinished: stopped } };
}
