import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../clock.ts';
import { db } from '../db.ts';
import { TooManyRequestsError } from '../errors.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

export const MAX_FAILED_ATTEMPTS = 10;
/** How long a lock lasts. */
export const LOCK_SECONDS = 15 * 60;
/** Failures are forgotten a day after the last one. */
const ATTEMPTS_TTL_SECONDS = 24 * 3600;

interface AttemptsItem {
  failedAttempts?: number;
  lockedUntil?: number;
}

export const lockedError = (remainingTime: number) => {
  const m = Math.floor(remainingTime / 60);
  const s = remainingTime % 60;
  return new TooManyRequestsError(
    `Too many failed login attempts. Please try again in ${m} minutes and ${s} seconds.`,
    { remainingTime },
  );
};

/** Throws 429 while the e-mail is locked; clears an expired lock so counting starts afresh. */
export async function assertNotLocked(email: string) {
  const key = keys.loginAttempts(email);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = res.Item as AttemptsItem | undefined;
  if (!item?.lockedUntil) return;
  const t = nowSeconds();
  if (item.lockedUntil > t) throw lockedError(item.lockedUntil - t);
  await db()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'lockedUntil = :l',
        ExpressionAttributeValues: { ':l': item.lockedUntil },
      }),
    )
    .catch((e: Error) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
}

/**
 * Counts one failure atomically (ADD under a condition), so parallel failures lock at exactly
 * MAX_FAILED_ATTEMPTS. Returns the count, or throws 429 once the e-mail is locked.
 */
export async function recordFailure(email: string): Promise<number> {
  const key = keys.loginAttempts(email);
  const t = nowSeconds();
  let count: number;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD failedAttempts :one SET lastAttemptAt = :t, #ttl = :ttl, #type = :type',
        ConditionExpression: 'attribute_not_exists(failedAttempts) OR failedAttempts < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':t': t, ':ttl': t + ATTEMPTS_TTL_SECONDS, ':max': MAX_FAILED_ATTEMPTS, ':type': entity.loginAttempts },
        ReturnValues: 'ALL_NEW',
      }),
    );
    count = (res.Attributes as AttemptsItem).failedAttempts ?? 1;
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    // Already at the limit: another request is locking (or has locked) this e-mail.
    const current = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const until = (current.Item as AttemptsItem | undefined)?.lockedUntil ?? t + LOCK_SECONDS;
    throw lockedError(Math.max(1, until - t));
  }
  if (count >= MAX_FAILED_ATTEMPTS) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET lockedUntil = :until',
        ExpressionAttributeValues: { ':until': t + LOCK_SECONDS },
      }),
    );
    throw lockedError(LOCK_SECONDS);
  }
  return count;
}

export async function resetFailures(email: string) {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginAttempts(email) }));
}
