/** Helpers of the sessions, goals and autosave tests: API shortcuts and snapshots of stored data. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Permissions } from '../../packages/contract/src/auth.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from './api.ts';

/** Every permission a clinician documenting sessions needs. */
export const clinicianPermissions: Partial<Permissions> = {
  canCreateSessions: true,
  canEditSessions: true,
  canDeleteSessions: true,
  canManageGoals: true,
  canViewReports: true,
};

/** Everything stored under an account: the partition, session documentation and indexes (for "nothing changed"). */
export async function accountSnapshot(accountId: string): Promise<string> {
  const main = await queryPartition<Record<string, unknown>>({ pk: `ACCT#${accountId}`, consistent: true });
  const sessionDocs = await Promise.all(
    main
      .filter((i) => String(i.SK).startsWith('SESSION#'))
      .map((s) => queryPartition<Record<string, unknown>>({ pk: keys.sessionDocs(accountId, String(s.id)), consistent: true })),
  );
  const strip = (items: Record<string, unknown>[]) => items.map((i) => JSON.stringify(i, Object.keys(i).sort())).sort();
  return JSON.stringify([strip(main), strip(sessionDocs.flat())]);
}

export async function getRaw<T = Record<string, any>>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return res.Item as T | undefined;
}

/** The day counters item of the whole account for a UTC day (see counters.ts). */
export const dayCounters = (accountId: string, iso: string) => getRaw<Record<string, number>>(keys.counters(accountId, `ALL#D#${iso.slice(0, 10)}`));

export function expectStatus(res: { status: number; body: unknown }, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as any;
}

/** Schedules a session through the API and returns it. */
export async function schedule(agent: Agent, clientIds: string[], scheduledAt: string, extra: Record<string, unknown> = {}) {
  return expectStatus(await agent.post('/api/sessions', { type: 'therapy', clientIds, scheduledAt, duration: 30, ...extra }), 201);
}

/**
 * A session as it is once held, which is what may be signed (part 4 §1.4): scheduled through the API
 * at `scheduledAt` (in the past) with `extra` (a `providerId`: only the provider signs), then
 * recorded as completed. Returns the session as the last answer has it.
 */
export async function held(agent: Agent, clientIds: string[], scheduledAt: string, extra: Record<string, unknown> = {}) {
  const session = await schedule(agent, clientIds, scheduledAt, extra);
  return expectStatus(await agent.put(`/api/sessions/${session.id}`, { type: 'therapy', clientIds, scheduledAt, duration: 30, ...extra, status: 'completed' }), 200);
}

/** Creates a goal through the API and returns it. */
export async function addGoal(agent: Agent, clientId: string, extra: Record<string, unknown> = {}) {
  const body = { clientId, name: 'Produce /r/', type: 'articulation', description: '<p>Initial /r/ in words</p>', targetCriteria: '80% accuracy', ...extra };
  return expectStatus(await agent.post('/api/goals', body), 201);
}
