import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Permissions } from '@caseload/contract/auth';
import type { Role, UserType } from '@caseload/contract/enums';
import { db, queryPartition, transact } from '../db.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

export interface UserItem {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  userType: UserType;
  parentUserId?: string;
  isActive: boolean;
  twoFactorEnabled: boolean;
  /** Encrypted TOTP secrets: the enabled one and the one waiting for its first code. */
  twoFactorSecret?: string;
  twoFactorPendingSecret?: string;
  /** The last accepted TOTP time step: a code is accepted once. */
  twoFactorLastStep?: number;
  permissions?: Permissions;
  /**
   * An assistant's supervising SLPs (1–3 users of the account with role `slp`): any of them may
   * co-sign the assistant's notes. Co-signing checks the list as it is at that moment, inside its
   * own write.
   */
  supervisorIds?: string[];
  /** The SIS sourcedId of the staff row a roster import matched to this user by e-mail (part 4 §3). */
  rosterExternalId?: string;
  /** Switched off by a roster import (enabledUser=false, or gone from a bulk file): a later file may switch the user back on. */
  rosterDeactivated?: boolean;
  /**
   * Raised by every change of who may sign in or what the user may do (permissions, status, a
   * replaced or removed second factor). A login session is created only while it still holds the
   * value the session's copy of the user was read at (absent on users never changed since).
   */
  authVersion?: number;
  /** Imported with the district (part 4 §5): no password, inactive, until the owner sets one (PUT /api/users/{id}/password). */
  awaitingPassword?: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy?: string;
}

export interface AccountItem {
  id: string;
  name: string;
  /** IANA zone of the account's school calendar; absent means DEFAULT_TIME_ZONE (America/New_York). */
  timeZone?: string;
  /** Automatic sign-out after this many idle minutes; absent means IDLE_MINUTES.default. */
  idleMinutes?: number;
  /** Years the signed documentation of an archived student is kept; absent means RETENTION_YEARS.default. */
  retentionYears?: number;
  /** The day (`yyyy-MM-dd`, its zone) the district's data will be deleted; absent when none is scheduled. */
  deletionScheduledFor?: string;
  deletionRequestedAt?: string;
  deletionRequestedBy?: string;
  createdAt: string;
  updatedAt: string;
}

export class EmailTakenError extends Error {}

/** Writes the user and its e-mail claim in one transaction: the e-mail is unique system-wide. */
export async function putNewUser(user: UserItem, account?: AccountItem) {
  try {
    await transact([
      ...(account
        ? [{ Put: { Item: { ...keys.account(account.id), type: entity.account, ...account }, ConditionExpression: 'attribute_not_exists(PK)' } }]
        : []),
      { Put: { Item: { ...keys.user(user.accountId, user.id), type: entity.user, ...user }, ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Put: {
          Item: { ...keys.email(user.email), type: entity.email, accountId: user.accountId, userId: user.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  } catch (e) {
    if ((e as Error).name === 'TransactionCanceledException') {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw new EmailTakenError('email taken');
    }
    throw e;
  }
}

export async function findUserIdByEmail(email: string) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.email(email), ConsistentRead: true }));
  return res.Item as { accountId: string; userId: string } | undefined;
}

export async function getUser(accountId: string, userId: string) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(accountId, userId), ConsistentRead: true }));
  return res.Item as UserItem | undefined;
}

export async function getAccount(accountId: string) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.account(accountId) }));
  return res.Item as AccountItem | undefined;
}

export function listUsers(accountId: string) {
  const { PK, SKPrefix } = keys.userPrefix(accountId);
  return queryPartition<UserItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

/**
 * Sets fields on an existing user; refuses to create one. `accessChange`: the change alters who may
 * sign in or what the user may do, so it raises `authVersion` in the same write (a sign-in that
 * read the user before it then starts over from the changed user).
 */
export async function updateUser(
  accountId: string,
  userId: string,
  fields: Partial<Omit<UserItem, 'authVersion'>>,
  remove: (keyof UserItem)[] = [],
  { accessChange = false } = {},
) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  if (accessChange) values[':one'] = 1;
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(accountId, userId),
      UpdateExpression: [
        sets.length ? `SET ${sets.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
        accessChange ? 'ADD authVersion :one' : '',
      ]
        .join(' ')
        .trim(),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return res.Attributes as UserItem;
}

