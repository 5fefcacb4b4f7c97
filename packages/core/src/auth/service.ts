import type { CurrentUser } from '@caseload/contract/auth';
import type * as z from 'zod/mini';
import type { loginBody, registerBody } from '@caseload/contract/auth';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext, RequestMeta } from '../context.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { readSsoConfig } from '../sso/config-repo.ts';
import { NOT_ALLOWED_SSO } from '@caseload/contract/sso';
import { newId } from '../ids.ts';
import { normalizeEmail } from '../keys.ts';
import { countMetric, METRIC } from '../observability.ts';
import { createLoginSession, deleteLoginSession, effectivePermissions } from './login-sessions.ts';
import { checkUnderLockout, MAX_FAILED_ATTEMPTS } from './lockout.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { isTrustedDevice } from './trusted-devices.ts';
import { IDLE_MINUTES } from '@caseload/contract/school-year';
import { EmailTakenError, findUserIdByEmail, getAccount, getUser, putNewUser, type AccountItem, type UserItem } from './users-repo.ts';
import { actorName } from '../people/actor-name.ts';

export type NewSession = Awaited<ReturnType<typeof createLoginSession>>;

export async function toCurrentUser(user: UserItem): Promise<CurrentUser> {
  return currentUserView(user, await getAccount(user.accountId));
}

function currentUserView(user: UserItem, account: AccountItem | undefined): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    userType: user.userType,
    accountId: user.accountId,
    accountName: account?.name ?? '',
    idleMinutes: account?.idleMinutes ?? IDLE_MINUTES.default,
    twoFactorEnabled: user.twoFactorEnabled,
    permissions: effectivePermissions(user),
  };
}

/** Creates the account (tenant) and its owner in one transaction, then signs the owner in. */
export async function register(input: z.output<typeof registerBody>, meta: RequestMeta) {
  const at = nowIso();
  const accountId = newId();
  const user: UserItem = {
    id: newId(),
    accountId,
    email: normalizeEmail(input.email),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    userType: 'owner',
    isActive: true,
    twoFactorEnabled: false,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await putNewUser(user, { id: accountId, name: input.accountName, createdAt: at, updatedAt: at });
  } catch (e) {
    if (e instanceof EmailTakenError) throw new ConflictError('An account with this email already exists');
    throw e;
  }
  await recordAudit(accountId, { action: 'account.registered', actorId: user.id, actorName: fullName(user), summary: 'Account created', ip: meta.ip });
  const session = await createLoginSession(user, 'active');
  return { user: await toCurrentUser(session.user), session };
}

export const fullName = (u: Pick<UserItem, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`;

/**
 * Password sign-in. The attempt is claimed under the lockout before any hashing, so a burst of
 * parallel guesses is refused at the limit instead of evaluated. Unknown e-mails take the same
 * path (a dummy hash, the same counting and the same answers), so neither timing nor the lockout
 * reveals who has an account.
 */
export async function login(input: z.output<typeof loginBody>, meta: RequestMeta, trustedDeviceToken: string | undefined) {
  const email = normalizeEmail(input.username);
  let user: UserItem | undefined;
  const outcome = await checkUnderLockout(email, async () => {
    const lookup = await findUserIdByEmail(email);
    user = lookup ? await getUser(lookup.accountId, lookup.userId) : undefined;
    const ok = (await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()))) && user !== undefined;
    if (!ok) countMetric(METRIC.loginFailed);
    return ok;
  });
  if (!outcome.ok || !user) {
    const failedAttempts = outcome.ok ? 0 : outcome.failedAttempts;
    if (user) await recordAudit(user.accountId, { action: 'auth.login_failed', actorId: user.id, actorName: fullName(user), summary: 'Failed sign-in attempt' });
    throw new UnauthorizedError(
      `Invalid email or password. ${failedAttempts} failed attempts. ${MAX_FAILED_ATTEMPTS - failedAttempts} remaining before lockout.`,
      { failedAttempts },
    );
  }
  if (!user.isActive) throw new UnauthorizedError('This account has been deactivated. Contact your administrator.', { failedAttempts: 0 });
  // A district that signs in with SSO keeps the owner's password (and 2FA) as the way back in only.
  if (user.userType !== 'owner' && (await readSsoConfig(user.accountId))?.passwordSignIn === 'owner_only') {
    await recordAudit(user.accountId, { action: 'auth.login_refused', actorId: user.id, actorName: fullName(user), summary: 'Password sign-in refused: the district signs in with single sign-on' });
    throw new ForbiddenError(NOT_ALLOWED_SSO);
  }
  if (user.twoFactorEnabled && !(await isTrustedDevice(user, trustedDeviceToken))) {
    const session = await createLoginSession(user, 'pending2fa');
    return { requiresTwoFactor: true as const, session };
  }
  // The session first: a deactivation racing with this sign-in refuses it, and nothing is recorded.
  const session = await createLoginSession(user, 'active');
  await recordAudit(user.accountId, { action: 'auth.login', actorId: user.id, actorName: fullName(user), summary: 'Signed in' });
  return { user: await toCurrentUser(session.user), session };
}

export async function logout(auth: AuthContext | undefined) {
  if (!auth) return;
  await deleteLoginSession(auth);
  await recordAudit(auth.accountId, { action: 'auth.logout', actorId: auth.userId, actorName: actorName(auth), summary: 'Signed out' });
}

export async function currentUser(auth: AuthContext) {
  // Both reads at once: every page load starts with this call.
  const [user, account] = await Promise.all([getUser(auth.accountId, auth.userId), getAccount(auth.accountId)]);
  if (!user) throw new UnauthorizedError();
  return currentUserView(user, account);
}
