/**
 * Records written straight into the table with the shared key builders and item shapes (the same
 * keys the services write), so a test depends only on the routes it tests.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { permissionDefaults, type GoalStatus, type GoalType, type ParticipantStatus, type SessionStatus, type SessionType } from '../../packages/contract/src/enums.ts';
import type { Permissions } from '../../packages/contract/src/auth.ts';
import { hashPassword } from '../../packages/core/src/auth/passwords.ts';
import { putNewUser } from '../../packages/core/src/auth/users-repo.ts';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem, GoalItem, OrganizationItem, ProgressItem, SessionItem } from '../../packages/core/src/items.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { PASSWORD, signIn } from './accounts.ts';

const STAMP = '2024-01-01T00:00:00.000Z';
const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));

export async function putOrganization(accountId: string, name = 'Lincoln Elementary', createdAt = STAMP): Promise<OrganizationItem> {
  const org: OrganizationItem = { id: newId(), accountId, name, orgType: 'school', createdAt, updatedAt: createdAt };
  await put({ ...keys.organization(accountId, org.id), type: entity.organization, ...org });
  return org;
}

export async function putClient(accountId: string, fields: Partial<ClientItem> = {}): Promise<ClientItem> {
  const client: ClientItem = { id: newId(), accountId, firstName: 'Ava', lastInitial: 'M', status: 'active', createdAt: STAMP, updatedAt: STAMP, ...fields };
  await put({ ...keys.client(accountId, client.id), type: entity.client, ...client });
  return client;
}

export async function putGoal(
  accountId: string,
  client: ClientItem,
  fields: Partial<Omit<GoalItem, 'goalType' | 'status'>> & { goalType?: GoalType; status?: GoalStatus } = {},
): Promise<GoalItem> {
  const goal: GoalItem = {
    id: newId(),
    accountId,
    clientId: client.id,
    organizationId: client.organizationId,
    name: 'Produce /r/ in words',
    goalType: 'articulation',
    description: '<p>Produce /r/ in initial position</p>',
    targetCriteria: '80% accuracy',
    status: 'active',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...fields,
  };
  await put({ ...keys.goal(accountId, goal.id), ...keys.goalIndex(accountId, client.id, goal.id), type: entity.goal, ...goal });
  return goal;
}

/**
 * A session as stored before sessions had providers (no providerId, no provider index): it reads
 * as its creator's, a stand-in user unless `createdBy` is given.
 */
export async function putSession(
  accountId: string,
  fields: { scheduledAt: string; participants: Record<string, ParticipantStatus>; status?: SessionStatus; duration?: number; createdBy?: string; providerId?: string; sessionType?: SessionType },
): Promise<SessionItem> {
  const session: SessionItem = {
    id: newId(),
    accountId,
    sessionType: fields.sessionType ?? 'therapy',
    status: fields.status ?? 'completed',
    scheduledAt: new Date(fields.scheduledAt).toISOString(),
    duration: fields.duration ?? 30,
    participants: Object.fromEntries(
      Object.entries(fields.participants).map(([clientId, status]) => [clientId, { status, firstName: 'X', lastInitial: 'Y', addedAt: STAMP }]),
    ),
    createdAt: STAMP,
    updatedAt: STAMP,
    createdBy: fields.createdBy ?? newId(),
    ...(fields.providerId ? { providerId: fields.providerId } : {}),
  };
  await put({ ...keys.session(accountId, session.id), ...keys.sessionIndex(accountId, session.scheduledAt, session.id), type: entity.session, ...session });
  return session;
}

/**
 * A progress row for a goal in a session; recordedAt is the session's time, as the service writes
 * it. `fields` adds what a row scored trial by trial carries (trials and their totals).
 */
export async function putProgress(
  accountId: string,
  session: SessionItem,
  goal: GoalItem,
  successfulAttempts: number,
  totalAttempts: number,
  fields: Partial<ProgressItem> = {},
): Promise<ProgressItem> {
  const row: ProgressItem = {
    id: `${session.id}:${goal.id}`,
    accountId,
    sessionId: session.id,
    goalId: goal.id,
    clientId: goal.clientId,
    organizationId: goal.organizationId,
    successfulAttempts,
    totalAttempts,
    recordedAt: session.scheduledAt,
    updatedAt: STAMP,
    ...fields,
  };
  await put({
    ...keys.progress(accountId, session.id, goal.id),
    ...keys.progressIndex(accountId, goal.clientId, session.id, goal.id, session.scheduledAt),
    type: entity.progress,
    ...row,
  });
  return row;
}

/** One session with the client present and one data point per goal: [successful, total] each. */
export async function recordSession(accountId: string, client: ClientItem, scheduledAt: string, points: [GoalItem, number, number][]) {
  const session = await putSession(accountId, { scheduledAt, participants: { [client.id]: 'present' } });
  for (const [goal, ok, total] of points) await putProgress(accountId, session, goal, ok, total);
  return session;
}

/** A child user of the account with exactly these permissions, signed in. */
export async function signInChild(accountId: string, permissions: Partial<Permissions> = {}) {
  const email = `child-${newId()}@district.test`;
  await putNewUser({
    id: newId(),
    accountId,
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Casey',
    lastName: 'Child',
    role: 'assistant',
    userType: 'child',
    isActive: true,
    twoFactorEnabled: false,
    permissions: { ...permissionDefaults, allowedOrganizationIds: [], ...permissions },
    createdAt: STAMP,
    updatedAt: STAMP,
  });
  return signIn(email);
}
