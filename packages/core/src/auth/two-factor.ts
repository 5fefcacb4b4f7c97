import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recordAudit } from '../audit.ts';
import { nowIso, nowSeconds } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../errors.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';
import { createLoginSession, deleteLoginSession, deleteUserSessions } from './login-sessions.ts';
import { verifyPassword } from './passwords.ts';
import { open, seal } from './secret-box.ts';
import { revokeAllDevices } from './trusted-devices.ts';
import { fullName } from './service.ts';
import { getUser, updateUser, type UserItem } from './users-repo.ts';

const STEP_SECONDS = 30;
/** Wrong codes allowed for one pending sign-in before it must start again. */
export const MAX_CODE_ATTEMPTS = 5;

/** Checks a code at ±1 step and returns the matched time step, or undefined. */
async function matchStep(secret: string, token: string): Promise<number | undefined> {
  const epoch = nowSeconds();
  const result = await verify({ secret, token, epoch, epochTolerance: STEP_SECONDS });
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
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export async function setupTwoFactor(auth: AuthContext) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user) throw new UnauthorizedError();
  const secret = generateSecret();
  await updateUser(auth.accountId, auth.userId, { twoFactorPendingSecret: seal(secret), updatedAt: nowIso() });
  const uri = generateURI({ issuer: 'Caseload', label: user.email, secret });
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
  const manualKey = secret.replace(/(.{4})/g, '$1 ').trim();
  return { qrCode, manualKey, secret };
}

/** Enables 2FA only with a valid code for the secret the server holds for this setup. */
export async function enableTwoFactor(auth: AuthContext, input: { secret: string; token: string }) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user?.twoFactorPendingSecret) throw new BadRequestError('Start two-factor setup first');
  const pending = open(user.twoFactorPendingSecret);
  if (pending !== input.secret.replace(/\s+/g, '')) throw new BadRequestError('Invalid verification code. Please try again.');
  const step = await matchStep(pending, input.token);
  if (step === undefined) throw new BadRequestError('Invalid verification code. Please try again.');
  await updateUser(auth.accountId, auth.userId, { twoFactorEnabled: true, twoFactorSecret: seal(pending), twoFactorLastStep: step, updatedAt: nowIso() }, ['twoFactorPendingSecret']);
  await recordAudit(auth.accountId, { action: 'auth.2fa_enabled', actorId: auth.userId, actorName: fullName(user), summary: 'Enabled two-factor authentication' });
  return { ok: true as const };
}

/** Disabling needs the current password; it ends trusted devices and the user's other sessions. */
export async function disableTwoFactor(auth: AuthContext, input: { password: string }) {
  const user = await getUser(auth.accountId, auth.userId);
  if (!user || !(await verifyPassword(input.password, user.passwordHash))) throw new BadRequestError('Invalid password. Please try again.');
  await updateUser(auth.accountId, auth.userId, { twoFactorEnabled: false, updatedAt: nowIso() }, ['twoFactorSecret', 'twoFactorPendingSecret', 'twoFactorLastStep']);
  await revokeAllDevices(auth.accountId, auth.userId);
  await deleteUserSessions(auth.accountId, auth.userId, auth.sessionHash);
  await recordAudit(auth.accountId, { action: 'auth.2fa_disabled', actorId: auth.userId, actorName: fullName(user), summary: 'Disabled two-factor authentication' });
  return { ok: true as const };
}

/** Completes a pending sign-in: a fresh session replaces the pending one. */
export async function verifyPendingLogin(pending: AuthContext, token: string) {
  const user = await getUser(pending.accountId, pending.userId);
  if (!user?.twoFactorEnabled || !user.twoFactorSecret) throw new UnauthorizedError('Sign in again');
  const step = await matchStep(open(user.twoFactorSecret), token);
  if (step === undefined || !(await consumeStep(user, step))) {
    const attempts = await countCodeAttempt(pending.sessionHash);
    await recordAudit(user.accountId, { action: 'auth.2fa_failed', actorId: user.id, actorName: fullName(user), summary: 'Wrong two-factor code' });
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await deleteLoginSession(pending.sessionHash);
      throw new TooManyRequestsError('Too many wrong codes. Please sign in again.');
    }
    throw new UnauthorizedError('Invalid 2FA code. Please try again.');
  }
  await deleteLoginSession(pending.sessionHash);
  await recordAudit(user.accountId, { action: 'auth.login', actorId: user.id, actorName: fullName(user), summary: 'Signed in with two-factor authentication' });
  const session = await createLoginSession(user.accountId, user.id, 'active');
  return { user, session };
}

async function countCodeAttempt(sessionHash: string): Promise<number> {
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.loginSession(sessionHash),
      UpdateExpression: 'ADD twoFactorAttempts :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  ).catch(() => undefined);
  return (res?.Attributes?.twoFactorAttempts as number | undefined) ?? MAX_CODE_ATTEMPTS;
}
