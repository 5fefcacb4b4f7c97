/**
 * The daily `reminders` job (part 4 §8): in every district not being deleted, each user's
 * reminders are computed from the facts (facts.ts) and the stored notifications made to match
 * (refresh.ts): new ones written, resolved ones deleted, read marks kept. A deactivated user's
 * reminders are deleted; finished-job notifications leave after JOB_DONE_DAYS.
 */
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { listUsers } from '../auth/users-repo.ts';
import { everyAccount, type AccountSettingsItem } from '../scheduled-jobs/accounts.ts';
import type { JobBudget, JobResult } from '../scheduled-jobs/types.ts';
import { localDate } from '../school-calendar/dates.ts';
import { computedKinds, remindersOf } from './facts.ts';
import { reconcile } from './refresh.ts';
import { listAccountNotifications, type NotificationItem } from './repo.ts';

/** How long a finished import's or export's notification stays. */
export const JOB_DONE_DAYS = 14;

const beingDeleted = (account: AccountSettingsItem, today: string) => account.deletionScheduledFor !== undefined && account.deletionScheduledFor <= today;

export async function refreshAccountReminders(accountId: string, timeZone: string, at: Date): Promise<{ added: number; removed: number }> {
  const today = localDate(at, timeZone);
  const oldJobs = new Date(at.getTime() - JOB_DONE_DAYS * 86_400_000).toISOString();
  const scope = (n: NotificationItem) => (computedKinds as readonly string[]).includes(n.kind) || (n.kind === 'job_done' && n.createdAt < oldJobs);
  const [users, stored] = await Promise.all([listUsers(accountId), listAccountNotifications(accountId)]);
  const totals = { added: 0, removed: 0 };
  for (const user of users) {
    const facts = user.isActive ? await remindersOf(user, timeZone, today) : [];
    const done = await reconcile(user, facts, scope, stored.filter((n) => n.userId === user.id));
    totals.added += done.added;
    totals.removed += done.removed;
  }
  return totals;
}

export async function runReminders(at: Date, budget: JobBudget): Promise<JobResult> {
  let districts = 0;
  let added = 0;
  let removed = 0;
  let unfinished = 0;
  for await (const account of everyAccount()) {
    const timeZone = account.timeZone ?? DEFAULT_TIME_ZONE;
    if (beingDeleted(account, localDate(at, timeZone))) continue;
    if (budget.exhausted()) {
      unfinished++;
      continue;
    }
    const done = await refreshAccountReminders(account.id, timeZone, at);
    districts++;
    added += done.added;
    removed += done.removed;
  }
  return { done: unfinished === 0, summary: { districts, added, removed, unfinished } };
}
