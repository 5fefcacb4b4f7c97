import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { permissionDefaults } from '@caseload/contract/enums';
import type { Permissions } from '@caseload/contract/auth';
import { IDLE_MINUTES } from '@caseload/contract/school-year';
import { conditionFailedAt } from '../caseload/tx-errors.ts';
import { nowSeconds } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure, queryPartition, transact } from '../db.ts';
import { batchGetItems } from '../db/batch-get.ts';
import { ConflictError, UnauthorizedError } from '../errors.ts';
import { newToken, sha256 } from '../ids.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { Prefetched, uniqueKeys, type ItemKey } from '../prefetch.ts';
import { tableName } from '../table.ts';
import { getAccount, getUser, type UserItem } from './users-repo.ts';

export const SESSION_COOKIE = 'caseload_session';
export const ABSOLUTE_TIMEOUT_SECONDS = 12 * 60 * 60;
/** A password-verified login waiting for its 2FA code lives this long. */
export const PENDING_TIMEOUT_SECONDS = 5 * 60;
/**
 * Idle tracking is written at most this often, so most requests write nothing; the idle timeout is
 * therefore exact to within this interval.
 */
const TOUCH_INTERVAL_SECONDS = 60;
/** Sign-in attempts against a user whose access keeps changing meanwhile, before giving up. */
const CREATE_ATTEMPTS = 5;

export type SessionStage = 'active' | 'pending2fa';

/** What a request's authorization needs from the user, kept on the login session. */
type AccessSnapshot = Pick<AuthContext, 'role' | 'userType' | 'firstName' | 'lastName' | 'permissions'>;

interface LoginSessionItem {
  PK: string;
  SK: string;
  type: string;
  accountId: string;
  userId: string;
  stage: SessionStage;
  createdAt: number;
  lastSeenAt: number;
  /**
   * The account's automatic sign-out when the session was created or last touched (part 4 §2);
   * absent on sessions from before the setting: the default.
   */
  idleSeconds?: number;
  ttl: number;
  twoFactorAttempts?: number;
  /** The user's access at `authVersion`; absent on sessions created before sessions carried it. */
  access?: AccessSnapshot;
  authVersion?: number;
}

/**
 * The cookie carries `<accountId>.<userId>.<token>`: the ids name the user the session must
 * belong to; only the token is secret, and only its hash is stored.
 */
export function parseSessionCookie(value: string | undefined) {
  if (!value) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3 || parts.some((p) => !p || p.length > 64)) return undefined;
  const [accountId, userId, token] = parts as [string, string, string];
  return { accountId, userId, token, hash: sha256(token) };
}

export function effectivePermissions(user: Pick<UserItem, 'userType' | 'permissions'>): Permissions {
  if (user.userType === 'owner') {
    const all = Object.fromEntries(Object.keys(permissionDefaults).map((k) => [k, true]));
    return { ...(all as Omit<Permissions, 'allowedOrganizationIds'>), allowedOrganizationIds: [] };
  }
  return { ...permissionDefaults, allowedOrganizationIds: [], ...user.permissions };
}

const accessOf = (user: UserItem): AccessSnapshot => ({
  role: user.role,
  userType: user.userType,
  firstName: user.firstName,
  lastName: user.lastName,
  permissions: effectivePermissions(user),
});

const deactivated = () => new UnauthorizedError('This account has been deactivated. Contact your administrator.', { failedAttempts: 0 });

/**
 * Creates a login session carrying the user's access as read, in one transaction with the user's
 * reference to it and a check that the user is still active at the `authVersion` read. An access
 * change committed since (permissions, deactivation, a new or removed second factor) cancels it, and
 * the session is built again from the user as it is now; so a session never starts with access
 * older than the latest change, and every session an access change must rewrite or end is already
 * referenced under the user when the change looks (see refreshUserSessions, deleteUserSessions).
 * A second factor changed meanwhile ends the sign-in instead: it was proven against the old one.
 */
export async function createLoginSession(user: UserItem, stage: SessionStage) {
  const token = newToken();
  const hash = sha256(token);
  const lifetime = stage === 'active' ? ABSOLUTE_TIMEOUT_SECONDS : PENDING_TIMEOUT_SECONDS;
  const idleSeconds = await accountIdleSeconds(user.accountId);
  let current = user;
  for (let attempt = 1; ; attempt++) {
    const t = nowSeconds();
    const item: LoginSessionItem = {
      ...keys.loginSession(hash),
      type: entity.loginSession,
      accountId: current.accountId,
      userId: current.id,
      stage,
      createdAt: t,
      lastSeenAt: t,
      idleSeconds,
      ttl: t + lifetime,
      access: accessOf(current),
      authVersion: current.authVersion ?? 0,
    };
    try {
      await transact([
        { Put: { Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { Item: { ...keys.loginSessionRef(current.accountId, current.id, hash), type: entity.loginSessionRef, ttl: item.ttl } } },
        {
          ConditionCheck: {
            Key: keys.user(current.accountId, current.id),
            ConditionExpression:
              current.authVersion === undefined ? 'isActive = :true AND attribute_not_exists(authVersion)' : 'isActive = :true AND authVersion = :v',
            ExpressionAttributeValues: { ':true': true, ...(current.authVersion === undefined ? {} : { ':v': current.authVersion }) },
          },
        },
      ]);
      return { cookieValue: `${current.accountId}.${current.id}.${token}`, hash, maxAge: lifetime, user: current };
    } catch (e) {
      if (!conditionFailedAt(e, 2)) throw e;
    }
    const fresh = await getUser(current.accountId, current.id);
    if (!fresh?.isActive) throw deactivated();
    if (fresh.twoFactorSecret !== current.twoFactorSecret) throw new UnauthorizedError('Your sign-in settings changed. Please sign in again.');
    if (attempt >= CREATE_ATTEMPTS) throw new ConflictError('Your access was being changed while you signed in. Please try again.');
    current = fresh;
  }
}

/** Ends one login session (sign-out, a completed or failed 2FA step). */
export async function deleteLoginSession(session: Pick<AuthContext, 'accountId' | 'userId' | 'sessionHash'>) {
  await Promise.all([
    db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginSession(session.sessionHash) })),
    db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginSessionRef(session.accountId, session.userId, session.sessionHash) })),
  ]);
}

/** Hashes of the user's login sessions, read consistently from the user's references. */
async function sessionHashesOf(accountId: string, userId: string): Promise<string[]> {
  const refs = await queryPartition<{ SK: string }>({ pk: keys.loginSessionRefs(accountId, userId), skPrefix: sortKeys.loginSessions(), consistent: true });
  return refs.map((r) => r.SK.slice(sortKeys.loginSessions().length));
}

/** Ends every login session of a user (deactivation, 2FA change), except `exceptHash`. */
export async function deleteUserSessions(accountId: string, userId: string, exceptHash?: string) {
  const [current, older] = await Promise.all([
    sessionHashesOf(accountId, userId),
    // Sessions from before references existed are found on GSI1 (they read the user on every
    // request, so only a second-factor change, which must end them, depends on this).
    queryPartition<{ GSI1SK: string }>({ index: 'GSI1', pk: keys.loginSessionsOfUser(accountId, userId).GSI1PK, skPrefix: sortKeys.loginSessions() }),
  ]);
  const hashes = new Set([...current, ...older.map((s) => s.GSI1SK.slice(sortKeys.loginSessions().length))]);
  hashes.delete(exceptHash ?? '');
  await Promise.all([...hashes].map((sessionHash) => deleteLoginSession({ accountId, userId, sessionHash })));
}

/**
 * Rewrites the access carried by every session of the user to `user` (as the access change that
 * raised its authVersion returned it), so the change holds from each session's next request. A
 * session already holding a later version (a later change's rewrite got there first) or ended
 * meanwhile is left alone.
 */
export async function refreshUserSessions(user: UserItem) {
  const version = user.authVersion ?? 0;
  const access = accessOf(user);
  const hashes = await sessionHashesOf(user.accountId, user.id);
  await Promise.all(
    hashes.map((hash) =>
      db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.loginSession(hash),
            UpdateExpression: 'SET #access = :access, authVersion = :v',
            ConditionExpression: 'attribute_exists(PK) AND authVersion < :v',
            ExpressionAttributeNames: { '#access': 'access' },
            ExpressionAttributeValues: { ':access': access, ':v': version },
          }),
        )
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e;
        }),
    ),
  );
}

/** The account's idle limit in seconds, read as it is now. */
async function accountIdleSeconds(accountId: string): Promise<number> {
  return ((await getAccount(accountId))?.idleMinutes ?? IDLE_MINUTES.default) * 60;
}

function isExpired(s: LoginSessionItem, t: number) {
  if (s.ttl <= t) return true;
  if (s.stage === 'active' && t - s.lastSeenAt > (s.idleSeconds ?? IDLE_MINUTES.default * 60)) return true;
  return false;
}

const expired = () => new UnauthorizedError('Your session has expired. Please sign in again.', {}, { 'X-Session-Expired': 'true' });

export interface ResolvedSession {
  auth: AuthContext;
  /**
   * The idle timer's write when it was due, already running beside the request; the caller
   * awaits it before answering (a Lambda may freeze once it has answered). Never rejects.
   */
  idleRefresh?: Promise<void>;
  /** The route's own first reads (`alsoRead`), read with the session. */
  prefetched?: Prefetched;
}

/**
 * The login session and `also` in one consistent BatchGet (one round trip); every key is asked
 * again until DynamoDB has answered for it.
 */
async function readSessionWith(sessionKey: ItemKey, also: ItemKey[]) {
  const wanted = uniqueKeys([sessionKey, ...also]);
  const items = await batchGetItems<Record<string, unknown>>(wanted, { consistent: true });
  const prefetched = new Prefetched(wanted, items);
  return { session: prefetched.take<LoginSessionItem>(sessionKey)!.item, prefetched };
}

async function readSessionAlone(sessionKey: ItemKey) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: sessionKey, ConsistentRead: true }));
  return { session: res.Item as LoginSessionItem | undefined, prefetched: undefined };
}

/**
 * Resolves the session cookie into an AuthContext with one consistent read of the session, which
 * carries the user's access (sessions from before it did read the user too). No cookie →
 * undefined; a cookie whose session ended (idle, absolute, deleted, user deactivated) → 401 with
 * X-Session-Expired. `alsoRead` names items the route reads first, read in the same request
 * (prefetch.ts).
 */
export async function resolveSession(
  cookieValue: string | undefined,
  stage: SessionStage = 'active',
  alsoRead?: (accountId: string) => ItemKey[],
): Promise<ResolvedSession | undefined> {
  const parsed = parseSessionCookie(cookieValue);
  if (!parsed) {
    if (cookieValue) throw expired();
    return undefined;
  }
  // The cookie's account id is not yet proven: what `alsoRead` names is handed on only below, once
  // the session is found to belong to that account.
  const also = alsoRead?.(parsed.accountId) ?? [];
  const { session, prefetched } = also.length ? await readSessionWith(keys.loginSession(parsed.hash), also) : await readSessionAlone(keys.loginSession(parsed.hash));
  const t = nowSeconds();
  if (!session || session.accountId !== parsed.accountId || session.userId !== parsed.userId || session.stage !== stage || isExpired(session, t)) {
    if (session && stage === 'active' && session.stage === 'pending2fa') return undefined;
    throw expired();
  }
  let access = session.access;
  if (!access) {
    const user = await getUser(parsed.accountId, parsed.userId);
    if (!user?.isActive) throw expired();
    access = accessOf(user);
  }
  // The touch also takes the account's idle limit as it is now, so a changed setting holds for
  // every session within a minute of its next use, at no cost to the requests between touches.
  const idleRefresh =
    stage === 'active' && t - session.lastSeenAt >= TOUCH_INTERVAL_SECONDS
      ? accountIdleSeconds(session.accountId)
          .then((idleSeconds) =>
            db().send(
              new UpdateCommand({
                TableName: tableName(),
                Key: keys.loginSession(parsed.hash),
                UpdateExpression: 'SET lastSeenAt = :t, idleSeconds = :idle',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':t': t, ':idle': idleSeconds },
              }),
            ),
          )
          .then(
            () => undefined,
            () => undefined,
          )
      : undefined;
  return { auth: { accountId: session.accountId, userId: session.userId, ...access, sessionHash: parsed.hash }, idleRefresh, prefetched };
}
