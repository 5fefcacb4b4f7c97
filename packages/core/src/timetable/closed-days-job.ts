/**
 * The background job of a large closed-days save (part 4 §1.5): when the days a save closes hold
 * more than CLOSED_DAYS_SYNC_LIMIT undocumented series occurrences, the save stores its list (with
 * those days pending, as every save does), records this job and hands it to the one job mechanism
 * (../jobs/dispatch.ts); the page polls GET /api/closure-jobs/{jobId}. The job item is what the
 * page reads: its status, its progress (0–100, by closed days finished) and the sessions canceled
 * so far. The work itself stays recorded on the list item (`pendingDates`), so a job that fails
 * leaves its days pending and the next save of the list finishes them.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClosedDaysJob, ClosedDaysJobStatus } from '@caseload/contract/school-year';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import { jobDispatcher } from '../jobs/dispatch.ts';
import { failRunningJob, jobExpiry, putNewJob, statusOnRead } from '../jobs/job-item.ts';
import { entity, keys } from '../keys.ts';
import { errorFields, logger } from '../observability.ts';
import { tableName } from '../table.ts';

/** Which of the account's closed-days lists a job reconciles. */
export type ClosedDaysListName = 'closures' | 'schoolYears';
export const closedDaysListKey = (list: ClosedDaysListName, accountId: string) => (list === 'closures' ? keys.closures(accountId) : keys.schoolYears(accountId));

export interface ClosedDaysJobItem {
  jobId: string;
  accountId: string;
  list: ClosedDaysListName;
  /** The days the save left pending, in order; the job reconciles those still pending when it runs. */
  dates: string[];
  status: ClosedDaysJobStatus;
  progress: number;
  canceledSessions: number;
  /** Who saved the list: the canceled sessions are updated by them. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  ttl: number;
}

export async function getClosedDaysJobItem(accountId: string, jobId: string): Promise<ClosedDaysJobItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.closedDaysJob(accountId, jobId), ConsistentRead: true }));
  return res.Item as ClosedDaysJobItem | undefined;
}

export function toClosedDaysJob(job: ClosedDaysJobItem): ClosedDaysJob {
  // A stalled job reads failed, and saving again finishes it.
  return { id: job.jobId, status: statusOnRead(job), progress: job.progress, canceledSessions: job.canceledSessions };
}

/** The job, for anyone of its account who may manage the calendar; 404 for other accounts. */
export async function getClosedDaysJob(auth: AuthContext, jobId: string): Promise<ClosedDaysJob> {
  const job = await getClosedDaysJobItem(auth.accountId, jobId);
  if (!job) throw new NotFoundError('Job');
  return toClosedDaysJob(job);
}

/** Closes a job that will not be retried (it stays resumable: its days stay pending on the list). */
export const failClosedDaysJob = (accountId: string, jobId: string): Promise<void> => failRunningJob(keys.closedDaysJob(accountId, jobId));

/**
 * Records the job for `dates` (already pending on the list item) and dispatches it. A dispatch that
 * fails leaves the job failed and the days pending: the answer says so, and saving again retries.
 */
export async function startClosedDaysJob(auth: AuthContext, list: ClosedDaysListName, dates: string[]): Promise<ClosedDaysJob> {
  const at = nowIso();
  const item: ClosedDaysJobItem = {
    jobId: newId(),
    accountId: auth.accountId,
    list,
    dates,
    status: 'running',
    progress: 0,
    canceledSessions: 0,
    createdBy: auth.userId,
    createdAt: at,
    updatedAt: at,
    ttl: jobExpiry(at),
  };
  await putNewJob(keys.closedDaysJob(auth.accountId, item.jobId), entity.closedDaysJob, item);
  try {
    await jobDispatcher().dispatch(auth.accountId, item.jobId, 'closedDays');
  } catch (e) {
    logger.error('closed_days_dispatch_failed', { jobId: item.jobId, error: errorFields(e) });
    await failClosedDaysJob(auth.accountId, item.jobId);
    return toClosedDaysJob({ ...item, status: 'failed' });
  }
  return toClosedDaysJob(item);
}

/** After one day is reconciled: the progress, and the sessions that day canceled. */
export async function recordClosedDaysProgress(accountId: string, jobId: string, progress: number, canceled: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.closedDaysJob(accountId, jobId),
      UpdateExpression: 'SET progress = :p, updatedAt = :at ADD canceledSessions :n',
      ExpressionAttributeValues: { ':p': progress, ':n': canceled, ':at': nowIso() },
    }),
  );
}

export async function finishClosedDaysJob(accountId: string, jobId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.closedDaysJob(accountId, jobId),
      UpdateExpression: 'SET #status = :done, progress = :full, updatedAt = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':full': 100, ':at': nowIso() },
    }),
  );
}
