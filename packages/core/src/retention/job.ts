/** The daily `retention` job: the purge of ./purge.ts in every district not being deleted, one at a time. */
import { everyAccount } from '../scheduled-jobs/accounts.ts';
import type { JobBudget, JobResult } from '../scheduled-jobs/types.ts';
import { purgeAccount } from './purge.ts';

export async function runRetention(at: Date, budget: JobBudget): Promise<JobResult> {
  let districts = 0;
  let students = 0;
  let unfinished = 0;
  for await (const account of everyAccount()) {
    if (budget.exhausted()) {
      unfinished++;
      continue;
    }
    const report = await purgeAccount(account, at);
    if (report) {
      districts++;
      students += report.clientIds.length;
    }
  }
  return { done: unfinished === 0, summary: { districts, students, unfinished } };
}
