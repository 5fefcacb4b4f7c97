import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { permissionDefaults } from '@caseload/contract/enums';
import type { Permissions } from '@caseload/contract/auth';
import { nowSeconds } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, queryPartition } from '../db.ts';
import { UnauthorizedError } from '../errors.ts';
import { newToken, sha256 } from '../ids.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { UserItem } from './users-repo.ts';

export const SESSION_COOKIE = 'caseload_session';
export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_TIMEOUT_SECONDS = 12 * 60 * 60;
/** A password-verified login waiting for its 2FA code lives this long. */
export const PENDING_TIMEOUT_SECONDS = 5 * 60;
/** Idle tracking is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_SECONDS = 60;

export type SessionStage = 'active' | 'pending2fa';

interface LoginSessionItem {
  PK: string;
  SK: string;
  type: string;
  accountId: string;
  userId: string;
  stage: SessionStage;
  createdAt: number;
  lastSeenAt: number;
  ttl: number;
  twoFactorAttempts?: number;
}

/**
 * The cookie carries `<accountId>.<userId>.<token>`: the ids let the pipeline read the session and
 * the user in parallel; only the token is secret, and only its hash is stored.
 */
export function parseSessionCookie(value: string | undefined) {
  if (!value) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3 || parts.some((p) => !p || p.length > 64)) return undefined;
  const [accountId, userId, token] = parts as [string, string, string];
  return { accountId, userId, token, hash: sha256(token) };
}

export async function createLoginSession(accountId: string, userId: string, stage: SessionStage) {
  const token = newToken();
  const hash = sha256(token);
  const t = nowSeconds();
  const lifetime = stage === 'active' ? ABSOLUTE_TIMEOUT_SECONDS : PENDING_TIMEOUT_SECONDS;
  const item: LoginSessionItem = {
    ...keys.loginSession(hash),
    ...keys.loginSessionOfUser(accountId, userId, hash),
    type: entity.loginSession,
    accountId,
    userId,
    stage,
    createdAt: t,
    lastSeenAt: t,
    ttl: t + lifetime,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
  return { cookieValue: `${accountId}.${userId}.${token}`, hash, maxAge: lifetime };
}

export async function deleteLoginSession(hash: string) {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginSession(hash) }));
}

/** Ends every login session of a user (deactivation, 2FA change). */
export async function deleteUserSessions(accountId: string, userId: string, exceptHash?: string) {
  const sessions = await queryPartition<LoginSessionItem & { GSI1SK: string }>({
    index: 'GSI1',
    pk: keys.loginSessionsOfUser(accountId, userId).GSI1PK,
    skPrefix: sortKeys.loginSessions(),
  });
  await Promise.all(
    sessions
      .filter((s) => !exceptHash || s.PK !== keys.loginSession(exceptHash).PK)
      .map((s) => db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: s.PK, SK: s.SK } }))),
  );
}

function isExpired(s: LoginSessionItem, t: number) {
  if (s.ttl <= t) return true;
  if (s.stage === 'active' && t - s.lastSeenAt > IDLE_TIMEOUT_SECONDS) return true;
  return false;
}

export function effectivePermissions(user: Pick<UserItem, 'userType' | 'permissions'>): Permissions {
  if (user.userType === 'owner') {
    const all = Object.fromEntries(Object.keys(permissionDefaults).map((k) => [k, true]));
    return { ...(all as Omit<Permissions, 'allowedOrganizationIds'>), allowedOrganizationIds: [] };
  }
  return { ...permissionDefaults, allowedOrganizationIds: [], ...user.permissions };
}

const expired = () => new UnauthorizedError('Your session has expired. Please sign in again.', {}, { 'X-Session-Expired': 'true' });

/**
 * Resolves the session cookie into an AuthContext. No cookie → undefined; a cookie whose session
 * ended (idle, absolute, deleted, user inactive) → 401 with X-Session-Expired.
 */
export async function resolveSession(cookieValue: string | undefined, stage: SessionStage = 'active'): Promise<AuthContext | undefined> {
  const parsed = parseSessionCookie(cookieValue);
  if (!parsed) {
    if (cookieValue) throw expired();
    return undefined;
  }
  const [sessionRes, userRes] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: keys.loginSession(parsed.hash) })),
    db().send(new GetCommand({ TableName: tableName(), Key: keys.user(parsed.accountId, parsed.userId) })),
  ]);
  const session = sessionRes.Item as LoginSessionItem | undefined;
  const user = userRes.Item as UserItem | undefined;
  const t = nowSeconds();
  if (
    !session ||
    !user ||
    session.accountId !== parsed.accountId ||
    session.userId !== parsed.userId ||
    session.stage !== stage ||
    isExpired(session, t) ||
    !user.isActive
  ) {
    if (session && stage === 'active' && session.stage === 'pending2fa') return undefined;
    throw expired();
  }
  if (stage === 'active' && t - session.lastSeenAt >= TOUCH_INTERVAL_SECONDS) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginSession(parsed.hash),
        UpdateExpression: 'SET lastSeenAt = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': t },
      }),
    ).catch(() => undefined);
  }
  return {
    accountId: user.accountId,
    userId: user.id,
    role: user.role,
    userType: user.userType,
    permissions: effectivePermissions(user),
    firstName: user.firstName,
    lastName: user.lastName,
    sessionHash: parsed.hash,
  };
}

