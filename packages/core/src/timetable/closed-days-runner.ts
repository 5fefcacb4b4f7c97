/**
 * Runs a closed-days job (closed-days-job.ts): the same code in the local background task and in
 * the SQS worker. It reconciles the job's days that are still pending on the list item, one after
 * another, with the cancelling a small save runs before answering (closed-days.ts); each finished
 * day leaves the pending set at once and moves the progress, so a run that fails (or a redelivered
 * message) starts where the last one stopped, and a failed job's days are finished by the next save.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../db.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { tableName } from '../table.ts';
import { cancelOccurrencesOn, finishPendingDays } from './closed-days.ts';
import { closedDaysListKey, finishClosedDaysJob, getClosedDaysJobItem, recordClosedDaysProgress } from './closed-days-job.ts';

export { failClosedDaysJob } from './closed-days-job.ts';

async function pendingDatesOf(key: Record<string, string>): Promise<Set<string>> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true, ProjectionExpression: 'pendingDates' }));
  return (res.Item?.pendingDates as Set<string> | undefined) ?? new Set();
}

/** Works through the job's days still pending; safe to run again (finished days are not redone). */
export async function runClosedDaysJob(accountId: string, jobId: string): Promise<void> {
  const job = await getClosedDaysJobItem(accountId, jobId);
  if (!job || job.status !== 'running') return;
  const key = closedDaysListKey(job.list, accountId);
  const pending = await pendingDatesOf(key);
  // A day no longer pending was finished by an earlier run or another save, or reopened meanwhile.
  const todo = job.dates.filter((d) => pending.has(d));
  const timeZone = await accountTimeZone(accountId);
  let finished = job.dates.length - todo.length;
  for (const date of todo) {
    const canceled = await cancelOccurrencesOn({ accountId, userId: job.createdBy }, date, timeZone);
    await finishPendingDays(key, [date]);
    finished += 1;
    // 100 only once the job is done.
    await recordClosedDaysProgress(accountId, jobId, Math.min(99, Math.floor((finished * 100) / job.dates.length)), canceled);
  }
  await finishClosedDaysJob(accountId, jobId);
}
