import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../clock.ts';
import { db, isConditionFailure, unlessConditionFailed } from '../db.ts';
import { TooManyRequestsError } from '../errors.ts';
import { entity, keys } from '../keys.ts';
import { countMetric, METRIC } from '../observability.ts';
import { tableName } from '../table.ts';

export const MAX_FAILED_ATTEMPTS = 10;
/** How long a lock lasts. */
export const LOCK_SECONDS = 15 * 60;
/** Failures are forgotten a day after the last one. */
const ATTEMPTS_TTL_SECONDS = 24 * 3600;

interface AttemptsItem {
  failedAttempts?: number;
  lockedUntil?: number;
  lastAttemptAt?: number;
}

/** How many wrong passwords a signed-in user may enter confirming a change before that route is locked. */
export const MAX_REAUTH_FAILURES = 5;

export const lockedError = (remainingTime: number) => {
  const m = Math.floor(remainingTime / 60);
  const s = remainingTime % 60;
  return new TooManyRequestsError(
    `Too many failed login attempts. Please try again in ${m} minutes and ${s} seconds.`,
    { remainingTime },
  );
};

const reauthLockedError = (remainingTime: number) => {
  const m = Math.floor(remainingTime / 60);
  const s = remainingTime % 60;
  return new TooManyRequestsError(`Too many wrong passwords. Please try again in ${m} minutes and ${s} seconds.`, { remainingTime });
};

/**
 * One counter of wrong passwords and its lock. Sign-in counts per e-mail; a signed-in user
 * confirming a change with their password (disabling 2FA, replacing its secret) counts on a limit of
 * their own, so whoever holds a session cannot lock the owner's sign-in by guessing there.
 */
export interface AttemptLimit {
  key: { PK: string; SK: string };
  type: string;
  max: number;
  lockSeconds: number;
  locked: (remainingTime: number) => TooManyRequestsError;
}

export const signInLimit = (email: string): AttemptLimit => ({ key: keys.loginAttempts(email), type: entity.loginAttempts, max: MAX_FAILED_ATTEMPTS, lockSeconds: LOCK_SECONDS, locked: lockedError });
export const reauthLimit = (accountId: string, userId: string): AttemptLimit => ({
  key: keys.reauthAttempts(accountId, userId),
  type: entity.reauthAttempts,
  max: MAX_REAUTH_FAILURES,
  lockSeconds: LOCK_SECONDS,
  locked: reauthLockedError,
});


/**
 * A password check that has been allowed to run. Every claim is counted as a failure up front, so
 * parallel guesses cannot outrun the count; the caller settles it once the hash has been checked.
 */
export interface AttemptClaim {
  limit: AttemptLimit;
  /** The count this claim brought its limit to: the failures (settled or in flight) it saw. */
  seen: number;
}

/**
 * Claims one password check on a limit (an e-mail by default) BEFORE any hashing, in one conditional write: refused
 * once its maximum is counted or while a lock runs (429, no hashing). A lock that has
 * run out, or a full count that never became a lock (its requests died), is cleared under a
 * condition on the values read, then the claim is tried once more.
 */
export async function claimAttempt(limitOrEmail: AttemptLimit | string): Promise<AttemptClaim> {
  const limit = typeof limitOrEmail === 'string' ? signInLimit(limitOrEmail) : limitOrEmail;
  for (let attempt = 0; ; attempt++) {
    const t = nowSeconds();
    try {
      const res = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: limit.key,
          UpdateExpression: 'ADD failedAttempts :one SET lastAttemptAt = :t, #ttl = :ttl, #type = :type',
          ConditionExpression: '(attribute_not_exists(failedAttempts) OR failedAttempts < :max) AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :t)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
          ExpressionAttributeValues: { ':one': 1, ':t': t, ':ttl': t + ATTEMPTS_TTL_SECONDS, ':max': limit.max, ':type': limit.type },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { limit, seen: (res.Attributes as AttemptsItem).failedAttempts ?? 1 };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const item = await readAttempts(limit);
    const expired = item && isExpired(limit, item, t);
    if (!expired || attempt > 0) {
      countMetric(METRIC.lockedAttemptRefused);
      throw limit.locked(remaining(limit, item, t));
    }
    await clearIf(limit, item);
  }
}

/** A wrong password: the claim already counted it; at the limit, the e-mail is locked. Returns the count. */
export async function settleFailure(claim: AttemptClaim): Promise<number> {
  const { limit } = claim;
  if (claim.seen < limit.max) return claim.seen;
  const t = nowSeconds();
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: claim.limit.key,
        UpdateExpression: 'SET lockedUntil = :until',
        ConditionExpression: 'failedAttempts >= :max AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :t)',
        ExpressionAttributeValues: { ':until': t + limit.lockSeconds, ':max': limit.max, ':t': t },
      }),
    )
    // Counted by the request whose write started the lock, not by parallel ones that found it set.
    .then(() => countMetric(METRIC.lockout), unlessConditionFailed);
  throw limit.locked(limit.lockSeconds);
}

/**
 * The right password: clears only the failures this claim saw (its own included), so failures
 * counted after it by parallel requests stay counted. When another success has already cleared
 * them, whatever is left (no more than it saw) goes.
 */
export async function settleSuccess(claim: AttemptClaim) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: claim.limit.key,
        UpdateExpression: 'ADD failedAttempts :minus',
        ConditionExpression: 'failedAttempts > :seen',
        ExpressionAttributeValues: { ':minus': -claim.seen, ':seen': claim.seen },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    await db()
      .send(
        new DeleteCommand({
          TableName: tableName(),
          Key: claim.limit.key,
          ConditionExpression: 'failedAttempts <= :seen AND attribute_not_exists(lockedUntil)',
          ExpressionAttributeValues: { ':seen': claim.seen },
        }),
      )
      .catch(unlessConditionFailed);
  }
}

/** The check did not judge the password (a deactivated account, a fault): gives its claim back. */
export async function releaseClaim(claim: AttemptClaim) {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: claim.limit.key,
        UpdateExpression: 'ADD failedAttempts :minus',
        ConditionExpression: 'failedAttempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(unlessConditionFailed);
}

/**
 * Checks a password under the lockout: claim (429 while locked, before any hashing), check, settle.
 * Resolves the outcome; the failure that reaches the limit throws 429 instead.
 */
export async function checkUnderLockout(
  limitOrEmail: AttemptLimit | string,
  check: () => Promise<boolean>,
): Promise<{ ok: true } | { ok: false; failedAttempts: number }> {
  const claim = await claimAttempt(limitOrEmail);
  let ok: boolean;
  try {
    ok = await check();
  } catch (e) {
    await releaseClaim(claim);
    throw e;
  }
  if (!ok) return { ok: false, failedAttempts: await settleFailure(claim) };
  await settleSuccess(claim);
  return { ok: true };
}

async function readAttempts(limit: AttemptLimit) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: limit.key, ConsistentRead: true }));
  return res.Item as AttemptsItem | undefined;
}

/** A lock that has run out, or a full count whose lock was never written and is older than a lock. */
function isExpired(limit: AttemptLimit, item: AttemptsItem, t: number) {
  if (item.lockedUntil !== undefined) return item.lockedUntil <= t;
  return (item.failedAttempts ?? 0) >= limit.max && (item.lastAttemptAt ?? 0) + limit.lockSeconds <= t;
}

/**
 * Seconds left on the lock, never more than a whole lock: a parallel request that read the clock a
 * second later may have written the attempt (or the lock) from its own later `t`.
 */
function remaining(limit: AttemptLimit, item: AttemptsItem | undefined, t: number) {
  const until = item?.lockedUntil ?? (item?.lastAttemptAt ?? t) + limit.lockSeconds;
  return Math.min(limit.lockSeconds, Math.max(1, until - t));
}

async function clearIf(limit: AttemptLimit, item: AttemptsItem) {
  const cond =
    item.lockedUntil !== undefined
      ? { ConditionExpression: 'lockedUntil = :l', ExpressionAttributeValues: { ':l': item.lockedUntil } }
      : { ConditionExpression: 'lastAttemptAt = :a AND attribute_not_exists(lockedUntil)', ExpressionAttributeValues: { ':a': item.lastAttemptAt ?? 0 } };
  await db()
    .send(new DeleteCommand({ TableName: tableName(), Key: limit.key, ...cond }))
    .catch(unlessConditionFailed);
}
