import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { recordAudit } from '../audit.ts';
import { nowIso, nowSeconds } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure, unlessConditionFailed } from '../db.ts';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../errors.ts';
import { entity, keys } from '../keys.ts';
import { countMetric, METRIC } from '../observability.ts';
import { tableName } from '../table.ts';
import { createLoginSession, deleteLoginSession, deleteUserSessions } from './login-sessions.ts';
import { checkUnderLockout, reauthLimit } from './lockout.ts';
import { verifyPassword } from './passwords.ts';
import { open, seal, sealedBeforeKms } from './secret-box.ts';
import { totp } from './totp.ts';
import { revokeAllDevices } from './trusted-devices.ts';
import { fullName } from './service.ts';
import { getUser, updateUser, type UserItem } from './users-repo.ts';

const STEP_SECONDS = 30;
/** Codes checked for one pending sign-in before it must start again. */
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong codes allowed per user in a window, however many sign-ins they come from. */
export const MAX_USER_CODE_FAILURES = 10;
export const CODE_WINDOW_SECONDS = 15 * 60;
const INVALID_PASSWORD = 'Invalid password. Please try again.';

/** Checks a code at ±1 step and returns the matched time step, or undefined. */
async function matchStep(secret: string, token: string): Promise<number | undefined> {
  const epoch = nowSeconds();
  const result = await totp.verify(token, { secret, epoch, epochTolerance: STEP_SECONDS });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : undefined;
}

/**
 * Records the accepted step with a conditional write: a code (or an older one) is accepted once,
 * even when two requests race with the same code.
 */
async function consumeStep(user: UserItem, step: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(user.accountId, user.id),
        UpdateExpression: 'SET twoFactorLastStep = :s',
        ConditionExpression: 'attribute_not_exists(twoFactorLastStep) OR twoFactorLastStep < :s',
        ExpressionAttributeValues: { ':s': step },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/**
 * A signed-in user confirming a change with their password: 400 when wrong. Counted on the user's
 * own re-authentication limit (429 on these routes once locked), never the sign-in lockout, so
 * guesses made with someone's session cannot lock the owner out of signing in.
 */
export async function assertPassword(user: UserItem, password: string) {
  const outcome = await checkUnderLockout(reauthLimit(user.accountId, user.id), () => verifyPassword(password, user.passwordHash));
  if (!outcome.ok) throw new BadRequestError(INVALID_PASSWORD);
}

/** Enables 2FA only with a valid code for the secret the server holds for this setup. */
export async function enableTwoFactor(auth: AuthContext, input: { secret: string; token: string }) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user?.twoFactorPendingSecret) throw new BadRequestError('Start two-factor setup first');
  const owner = { accountId: auth.accountId, userId: auth.userId };
  const pending = await open(user.twoFactorPendingSecret, owner);
  if (pending !== input.secret.replace(/\s+/g, '')) throw new BadRequestError('Invalid verification code. Please try again.');
  const step = await matchStep(pending, input.token);
  if (step === undefined) throw new BadRequestError('Invalid verification code. Please try again.');
  // A new secret replacing one in use: whoever held the old one keeps nothing, not even a sign-in
  // under way (an access change: it starts over and finds the secret changed).
  const changed = user.twoFactorEnabled;
  await updateUser(
    auth.accountId,
    auth.userId,
    { twoFactorEnabled: true, twoFactorSecret: await seal(pending, owner), twoFactorLastStep: step, updatedAt: nowIso() },
    ['twoFactorPendingSecret'],
    { accessChange: changed },
  );
  if (changed) await endOtherAccess(auth);
  await recordAudit(auth.accountId, {
    action: changed ? 'auth.2fa_changed' : 'auth.2fa_enabled',
    actorId: auth.userId,
    actorName: fullName(user),
    summary: changed ? 'Changed two-factor authentication' : 'Enabled two-factor authentication',
  });
  return { ok: true as const };
}

/** Disabling needs the current password (counted on its own re-authentication limit, not the sign-in lockout); it ends trusted devices and the user's other sessions. */
export async function disableTwoFactor(auth: AuthContext, input: { password: string }) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user) throw new UnauthorizedError();
  await assertPassword(user, input.password);
  await updateUser(auth.accountId, auth.userId, { twoFactorEnabled: false, updatedAt: nowIso() }, ['twoFactorSecret', 'twoFactorPendingSecret', 'twoFactorLastStep'], {
    accessChange: true,
  });
  await endOtherAccess(auth);
  await recordAudit(auth.accountId, { action: 'auth.2fa_disabled', actorId: auth.userId, actorName: fullName(user), summary: 'Disabled two-factor authentication' });
  return { ok: true as const };
}

/** Trusted devices and every other session of the user end when the second factor changes. */
async function endOtherAccess(auth: AuthContext) {
  await revokeAllDevices(auth.accountId, auth.userId);
  await deleteUserSessions(auth.accountId, auth.userId, auth.sessionHash);
}

/**
 * Completes a pending sign-in: a fresh session replaces the pending one. Each code is claimed
 * against both limits BEFORE it is checked (conditional writes), so parallel guesses are refused
 * at the limit instead of evaluated: MAX_CODE_ATTEMPTS per pending sign-in, and
 * MAX_USER_CODE_FAILURES per user per window, which a new password sign-in does not reset.
 */
export async function verifyPendingLogin(pending: AuthContext, token: string) {
  const user = await getUser(pending.accountId, pending.userId);
  if (!user?.twoFactorEnabled || !user.twoFactorSecret) throw new UnauthorizedError('Sign in again');
  const attempts = await claimSessionCode(pending);
  const ok = await checkCurrentCode(user, token);
  if (!ok) {
    await recordAudit(user.accountId, { action: 'auth.2fa_failed', actorId: user.id, actorName: fullName(user), summary: 'Wrong two-factor code' });
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await deleteLoginSession(pending);
      throw new TooManyRequestsError('Too many wrong codes. Please sign in again.');
    }
    throw new UnauthorizedError('Invalid 2FA code. Please try again.');
  }
  await deleteLoginSession(pending);
  const session = await createLoginSession(user, 'active');
  await recordAudit(user.accountId, { action: 'auth.login', actorId: user.id, actorName: fullName(user), summary: 'Signed in with two-factor authentication' });
  return { user: session.user, session };
}

/**
 * Checks a code of the user's current secret under the per-user limit: claimed first, given back
 * when the code was right. A code (or an older one) is accepted once.
 */
export async function checkCurrentCode(user: UserItem, token: string): Promise<boolean> {
  await claimUserCode(user);
  const sealed = user.twoFactorSecret;
  const secret = sealed ? await open(sealed, { accountId: user.accountId, userId: user.id }) : undefined;
  const step = secret ? await matchStep(secret, token) : undefined;
  const ok = step !== undefined && (await consumeStep(user, step));
  if (ok) {
    await releaseUserCode(user);
    if (sealed && secret && sealedBeforeKms(sealed)) await sealAgainUnderKms(user, sealed, secret);
  } else countMetric(METRIC.twoFactorFailed);
  return ok;
}

/**
 * A secret sealed before KMS envelope encryption, proven in use by a right code, is sealed again
 * under KMS. Only while it is still the one that was read: a secret replaced meanwhile stays
 * replaced. Not an access change (same secret), so sessions and trusted devices are untouched.
 */
async function sealAgainUnderKms(user: UserItem, sealed: string, secret: string) {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(user.accountId, user.id),
        UpdateExpression: 'SET twoFactorSecret = :new',
        ConditionExpression: 'twoFactorSecret = :old',
        ExpressionAttributeValues: { ':new': await seal(secret, { accountId: user.accountId, userId: user.id }), ':old': sealed },
      }),
    )
    .catch(unlessConditionFailed);
}

/** Claims one code check for a pending sign-in; 429 (and the sign-in ends) once all are used. */
async function claimSessionCode(pending: AuthContext): Promise<number> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginSession(pending.sessionHash),
        UpdateExpression: 'ADD twoFactorAttempts :one',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(twoFactorAttempts) OR twoFactorAttempts < :max)',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return res.Attributes?.twoFactorAttempts as number;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    await deleteLoginSession(pending);
    throw new TooManyRequestsError('Too many wrong codes. Please sign in again.');
  }
}

const codeWaitError = (remainingTime: number) =>
  new TooManyRequestsError(
    `Too many wrong codes. Please try again in ${Math.floor(remainingTime / 60)} minutes and ${remainingTime % 60} seconds.`,
    { remainingTime },
  );

/**
 * Claims one code check against the user's window (started by its first claim). A window that has
 * passed is cleared under a condition on its start, then the claim is tried once more.
 */
async function claimUserCode(user: UserItem) {
  const key = keys.twoFactorFailures(user.accountId, user.id);
  for (let attempt = 0; ; attempt++) {
    const t = nowSeconds();
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one SET windowStart = if_not_exists(windowStart, :t), #ttl = if_not_exists(#ttl, :ttl), #type = :type',
          ConditionExpression: 'attribute_not_exists(failures) OR (failures < :max AND windowStart > :expired)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
          ExpressionAttributeValues: { ':one': 1, ':t': t, ':ttl': t + CODE_WINDOW_SECONDS, ':max': MAX_USER_CODE_FAILURES, ':expired': t - CODE_WINDOW_SECONDS, ':type': entity.twoFactorFailures },
        }),
      );
      return;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const windowStart = (res.Item?.windowStart as number | undefined) ?? t;
    const ends = windowStart + CODE_WINDOW_SECONDS;
    if (ends > t || attempt > 0) throw codeWaitError(Math.max(1, ends - t));
    await db()
      .send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'windowStart = :w', ExpressionAttributeValues: { ':w': windowStart } }))
      .catch(unlessConditionFailed);
  }
}

async function releaseUserCode(user: UserItem) {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.twoFactorFailures(user.accountId, user.id),
        UpdateExpression: 'ADD failures :minus',
        ConditionExpression: 'failures > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(unlessConditionFailed);
}
