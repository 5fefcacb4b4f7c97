import type { Permissions } from '@caseload/contract/auth';
import { NOT_AWAITING_PASSWORD } from '@caseload/contract/account-import';
import { NOT_AN_ASSISTANT_MESSAGE, SUPERVISORS_MESSAGE, type createUserBody, type ManagedUser, type permissionsInput } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { deleteUserSessions, effectivePermissions, refreshUserSessions } from '../auth/login-sessions.ts';
import { hashPassword } from '../auth/passwords.ts';
import { EmailTakenError, getUser, listUsers as listUserItems, putNewUser, updateUser, type UserItem } from '../auth/users-repo.ts';
import { nowIso } from '../clock.ts';
import { organizationScope, type AuthContext } from '../context.ts';
import { transact } from '../db.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import { keys, normalizeEmail } from '../keys.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { auditChange } from './audit-events.ts';
import { exceeds } from './grants.ts';
import { assertAccountOrganizations } from './organizations.ts';
import { conditionFailedAt } from './tx-errors.ts';

export const NO_ESCALATION_MESSAGE = 'You cannot grant permissions you do not have';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

function toManagedUser(u: UserItem): ManagedUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    userType: u.userType,
    isActive: u.isActive,
    parentUserId: u.parentUserId,
    createdAt: u.createdAt,
    permissions: effectivePermissions(u),
    ...(u.role === 'assistant' ? { supervisorIds: u.supervisorIds ?? [] } : {}),
    ...(u.awaitingPassword ? { awaitingPassword: true } : {}),
  };
}

/**
 * Whether a manager may see (and so try to change) a user: a manager limited to some
 * organizations sees only users limited to organizations within theirs; the owner and users with
 * every organization are visible only to managers who have every organization too.
 */
function isWithinScope(target: UserItem, scope: ReadonlySet<string> | undefined): boolean {
  if (!scope) return true;
  if (target.userType === 'owner') return false;
  const orgs = effectivePermissions(target).allowedOrganizationIds;
  return orgs.length > 0 && orgs.every((id) => scope.has(id));
}

/** The account's child users the caller may see (the owner is not managed here), oldest first. */
export async function listUsers(auth: AuthContext): Promise<ManagedUser[]> {
  const users = await listUserItems(auth.accountId);
  const scope = organizationScope(auth);
  return users
    .filter((u) => u.userType === 'child' && isWithinScope(u, scope))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(toManagedUser);
}

/** The caller's own effective permissions (an owner has every flag and all organizations). */
export const getUserPermissions = (auth: AuthContext): Permissions => auth.permissions;

/** 403 unless every flag and organization in `wanted` is the granter's own; 400 for unknown organizations. */
async function assertGrantable(auth: AuthContext, wanted: Permissions, orgPath: string) {
  if (exceeds(wanted, auth.permissions, organizationScope(auth))) throw new ForbiddenError(NO_ESCALATION_MESSAGE);
  await assertAccountOrganizations(auth.accountId, wanted.allowedOrganizationIds, orgPath);
}

const normalizePermissions = (p: z.output<typeof permissionsInput>): Permissions => ({
  ...p,
  allowedOrganizationIds: [...new Set(p.allowedOrganizationIds)],
});

export async function createUser(auth: AuthContext, body: z.output<typeof createUserBody>): Promise<ManagedUser> {
  const permissions = normalizePermissions(body.permissions);
  await assertGrantable(auth, permissions, 'permissions.allowedOrganizationIds');
  const at = nowIso();
  const user: UserItem = {
    id: newId(),
    accountId: auth.accountId,
    email: normalizeEmail(body.user.email),
    passwordHash: await hashPassword(body.user.password),
    firstName: body.user.firstName,
    lastName: body.user.lastName,
    role: body.user.role,
    userType: 'child',
    parentUserId: auth.userId,
    isActive: true,
    twoFactorEnabled: false,
    permissions,
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
  };
  try {
    await putNewUser(user);
  } catch (e) {
    if (e instanceof EmailTakenError) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw e;
  }
  await auditChange(auth, 'user.created', { type: 'user', id: user.id }, 'Added a user');
  return toManagedUser(user);
}

type Change = 'status' | 'permissions' | 'supervisors';
const SELF_MESSAGE: Record<Change, string> = {
  status: 'You cannot deactivate your own account',
  permissions: 'You cannot change your own permissions',
  supervisors: 'You cannot choose your own supervisors',
};
const OWNER_MESSAGE: Record<Change, string> = {
  status: 'The account owner cannot be deactivated',
  permissions: "The account owner's permissions cannot be changed",
  supervisors: "The account owner's supervisors cannot be changed",
};

/**
 * A child user of the caller's account that the caller may change: not itself, not the owner, and
 * not someone holding more than the caller (a limited manager cannot strip or switch off a user
 * with wider access).
 */
async function getManageableUser(auth: AuthContext, userId: string, change: Change): Promise<UserItem> {
  const target = await getUser(auth.accountId, userId);
  // Outside the caller's organizations a user is absent, not forbidden: existence is not revealed.
  if (!target || !isWithinScope(target, organizationScope(auth))) throw new NotFoundError('User');
  if (target.id === auth.userId) throw new ForbiddenError(SELF_MESSAGE[change]);
  if (target.userType === 'owner') throw new ForbiddenError(OWNER_MESSAGE[change]);
  if (exceeds(effectivePermissions(target), auth.permissions, organizationScope(auth))) {
    throw new ForbiddenError('You cannot change a user who has permissions you do not have');
  }
  return target;
}

/**
 * Switches a user on or off; switching off ends every login session of that user before the answer
 * (a sign-in racing with it is refused: see createLoginSession).
 */
export async function updateUserStatus(auth: AuthContext, userId: string, isActive: boolean): Promise<ManagedUser> {
  await getManageableUser(auth, userId, 'status');
  const updated = await updateUser(auth.accountId, userId, { isActive, updatedAt: nowIso() }, [], { accessChange: true });
  if (!isActive) await deleteUserSessions(auth.accountId, userId);
  await auditChange(auth, isActive ? 'user.activated' : 'user.deactivated', { type: 'user', id: userId }, isActive ? 'Activated a user' : 'Deactivated a user');
  return toManagedUser(updated);
}

/**
 * PUT /api/users/{id}/password (part 4 §5): sets the password of a user imported with the district
 * (who came without one) and activates the user. Only for such a user: everyone else changes their
 * own password, never a manager.
 */
export async function setImportedUserPassword(auth: AuthContext, userId: string, password: string): Promise<ManagedUser> {
  const target = await getManageableUser(auth, userId, 'status');
  if (!target.awaitingPassword) throw new ConflictError(NOT_AWAITING_PASSWORD);
  const updated = await updateUser(auth.accountId, userId, { passwordHash: await hashPassword(password), isActive: true, updatedAt: nowIso() }, ['awaitingPassword'], { accessChange: true });
  await auditChange(auth, 'user.password_set', { type: 'user', id: userId }, "Set an imported user's password");
  return toManagedUser(updated);
}

/**
 * Replaces a user's flags and organizations; every login session of the user carries the new ones
 * before the answer, so they hold from that user's next request.
 */
export async function updateUserPermissions(auth: AuthContext, userId: string, input: z.output<typeof permissionsInput>): Promise<ManagedUser> {
  await getManageableUser(auth, userId, 'permissions');
  const permissions = normalizePermissions(input);
  await assertGrantable(auth, permissions, 'allowedOrganizationIds');
  const updated = await updateUser(auth.accountId, userId, { permissions, updatedAt: nowIso() }, [], { accessChange: true });
  await refreshUserSessions(updated);
  await auditChange(auth, 'user.permissions_changed', { type: 'user', id: userId }, "Changed a user's permissions");
  return toManagedUser(updated);
}

const supervisorsRefused = () => new BadRequestError(SUPERVISORS_MESSAGE, [{ path: 'supervisorIds', message: SUPERVISORS_MESSAGE }]);

/**
 * Replaces an assistant's supervising SLPs (part 4 §1.4). Who the ids name is a condition of the
 * write, never a read before it: one transaction updates the assistant (still an assistant) and
 * checks each supervisor's user item under the caller's account key (exists, role `slp`, active),
 * so another account's user, a non-SLP or a user switched off a moment before is refused with the
 * spec's 400 and nothing is written.
 */
export async function updateUserSupervisors(auth: AuthContext, userId: string, supervisorIds: string[]): Promise<ManagedUser> {
  const target = await getManageableUser(auth, userId, 'supervisors');
  if (target.role !== 'assistant') throw new BadRequestError(NOT_AN_ASSISTANT_MESSAGE);
  // The assistant is no SLP; listed, it would also put one item twice in the transaction.
  if (supervisorIds.includes(userId)) throw supervisorsRefused();
  const updatedAt = nowIso();
  // A co-signature's check on the same user item may cancel this write (TransactionConflict): try again.
  await retryOnConflict(() =>
    transact([
      {
        Update: {
          Key: keys.user(auth.accountId, userId),
          UpdateExpression: 'SET #supervisors = :ids, #updatedAt = :at',
          ConditionExpression: '#role = :assistant',
          ExpressionAttributeNames: { '#supervisors': 'supervisorIds', '#updatedAt': 'updatedAt', '#role': 'role' },
          ExpressionAttributeValues: { ':ids': supervisorIds, ':at': updatedAt, ':assistant': 'assistant' },
        },
      },
      ...supervisorIds.map((id) => ({
        ConditionCheck: {
          Key: keys.user(auth.accountId, id),
          ConditionExpression: '#role = :slp AND #active = :true',
          ExpressionAttributeNames: { '#role': 'role', '#active': 'isActive' },
          ExpressionAttributeValues: { ':slp': 'slp', ':true': true },
        },
      })),
    ]).catch((e: unknown) => {
      if (conditionFailedAt(e, 0)) throw new BadRequestError(NOT_AN_ASSISTANT_MESSAGE);
      if (supervisorIds.some((_, i) => conditionFailedAt(e, i + 1))) throw supervisorsRefused();
      throw e;
    }),
  );
  const before = new Set(target.supervisorIds ?? []);
  const after = new Set(supervisorIds);
  await auditChange(auth, 'user.supervisors_changed', { type: 'user', id: userId }, "Changed an assistant's supervising SLPs", {
    addedIds: supervisorIds.filter((id) => !before.has(id)),
    removedIds: [...before].filter((id) => !after.has(id)),
  });
  // Read again rather than patched: a status change committed meanwhile shows too.
  return toManagedUser((await getUser(auth.accountId, userId)) ?? { ...target, supervisorIds, updatedAt });
}
