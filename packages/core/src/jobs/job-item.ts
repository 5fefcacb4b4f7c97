/**
 * What the progress items of background jobs share (closed days, exports, roster imports): one item in the
 * account's partition with `status` ('running' | 'done' | 'failed'), `progress` and `updatedAt`.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now, nowIso } from '../clock.ts';
import { db, isConditionFailure } from '../db.ts';
import { tableName } from '../table.ts';

/** How long the progress items stay (DynamoDB's TTL; the files of exports expire sooner). */
export const JOB_TTL_SECONDS = 30 * 24 * 3600;

/** A job item's TTL attribute (epoch seconds): JOB_TTL_SECONDS after it was made at `at`. */
export const jobExpiry = (at: string) => Math.floor(Date.parse(at) / 1000) + JOB_TTL_SECONDS;

/** Writes a new job's item under `key`; a second write of the same id fails its condition. */
export async function putNewJob(key: { PK: string; SK: string }, type: string, item: object): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, type, ...item }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/**
 * A running job with no progress for this long was interrupted (the local process restarted, the
 * worker was lost): every step of a job (a closed day, a page of sessions) takes seconds.
 */
export const JOB_STALLED_AFTER_MS = 10 * 60_000;

/** The status a page is shown: a stalled running job reads failed (derived on read; GET routes write nothing). */
export function statusOnRead<S extends string>(job: { status: S | 'running'; updatedAt: string }): S | 'running' | 'failed' {
  return job.status === 'running' && now().getTime() - Date.parse(job.updatedAt) > JOB_STALLED_AFTER_MS ? 'failed' : job.status;
}

/** Marks a running job failed (one already finished, or gone, is left as it is). */
export async function failRunningJob(key: { PK: string; SK: string }): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #status = :failed, updatedAt = :at',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':running': 'running', ':at': nowIso() },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
