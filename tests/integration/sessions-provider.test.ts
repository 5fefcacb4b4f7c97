import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionDefaults } from '../../packages/contract/src/enums.ts';
import { PROVIDER_MESSAGE } from '../../packages/contract/src/sessions.ts';
import { putNewUser } from '../../packages/core/src/auth/users-repo.ts';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { backfillSessionProviders } from '../../packages/core/src/sessions/migrate-provider.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { accountSnapshot, clinicianPermissions, expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, putSession, signInChild } from '../support/records.ts';
import { countRequests } from '../support/dynamodb-requests.ts';

let owner: Agent;
let ownerId: string;
let accountId: string;
let otherAccountId: string;
let orgA: string;
let orgB: string;
let a1: ClientItem;
let a2: ClientItem;
let b1: ClientItem;
let noOrg: ClientItem;
/** Users who provide sessions but never sign in: written straight to the table. */
let provAll: string;
let provA: string;
let provB: string;
let inactive: string;
let foreign: string;
/** A clinician limited to organization A, signed in. */
let limited: Agent;
let limitedId: string;

const STAMP = '2024-01-01T00:00:00.000Z';

async function putProvider(account: string, fields: { isActive?: boolean; orgs?: string[] } = {}) {
  const id = newId();
  await putNewUser({
    id,
    accountId: account,
    email: `provider-${id}@district.test`,
    passwordHash: 'not-a-hash',
    firstName: 'Pat',
    lastName: 'Provider',
    role: 'slp',
    userType: 'child',
    isActive: fields.isActive ?? true,
    twoFactorEnabled: false,
    permissions: { ...permissionDefaults, ...clinicianPermissions, allowedOrganizationIds: fields.orgs ?? [] },
    createdAt: STAMP,
    updatedAt: STAMP,
  });
  return id;
}

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  ownerId = o.user.id;
  accountId = o.user.accountId;
  otherAccountId = x.user.accountId;
  const [oa, ob] = await Promise.all([putOrganization(accountId, 'Alder'), putOrganization(accountId, 'Birch')]);
  orgA = oa.id;
  orgB = ob.id;
  [a1, a2, b1, noOrg] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: orgA }),
    putClient(accountId, { firstName: 'Ben', lastInitial: 'K', organizationId: orgA }),
    putClient(accountId, { firstName: 'Cleo', lastInitial: 'R', organizationId: orgB }),
    putClient(accountId, { firstName: 'Dov', lastInitial: 'N' }),
  ]);
  [provAll, provA, provB, inactive, foreign] = await Promise.all([
    putProvider(accountId),
    putProvider(accountId, { orgs: [orgA] }),
    putProvider(accountId, { orgs: [orgB] }),
    putProvider(accountId, { isActive: false }),
    putProvider(otherAccountId),
  ]);
  const child = await signInChild(accountId, { ...clinicianPermissions, allowedOrganizationIds: [orgA] });
  limited = child.agent;
  limitedId = child.user.id;
});

const week = (mondayIso: string) => {
  const from = new Date(mondayIso);
  return { from: from.toISOString(), to: new Date(from.getTime() + 7 * 86400_000).toISOString() };
};
const weekOf = async (agent: Agent, providerId: string, range: { from: string; to: string }) => {
  const q = new URLSearchParams({ providerId, ...range });
  return expectStatus(await agent.get(`/api/sessions?${q}`), 200) as { id: string; providerId: string; participants: { id: string }[] }[];
};
const idsOf = (list: { id: string }[]) => list.map((s) => s.id).sort();
const body = (clientIds: string[], scheduledAt: string, extra: Record<string, unknown> = {}) => ({ type: 'therapy', clientIds, scheduledAt, duration: 30, ...extra });

describe('the provider of a new session', () => {
  it('defaults to the creator, is in every answer, and an old session reads as its creator', async () => {
    const s = await schedule(owner, [a1.id], '2032-01-05T09:00:00.000Z');
    expect(s.providerId).toBe(ownerId);
    expect(expectStatus(await owner.get(`/api/sessions/${s.id}`), 200).providerId).toBe(ownerId);
    expect((await getRaw(keys.session(accountId, s.id)))!.providerId).toBe(ownerId);

    const old = await putSession(accountId, { scheduledAt: '2032-01-05T10:00:00.000Z', participants: { [a1.id]: 'scheduled' }, createdBy: provA });
    expect(expectStatus(await owner.get(`/api/sessions/${old.id}`), 200).providerId).toBe(provA);
  });

  it('takes another provider who may see every participant', async () => {
    const s = await schedule(owner, [a1.id, a2.id], '2032-01-05T11:00:00.000Z', { providerId: provA });
    expect(s.providerId).toBe(provA);
    expect((await schedule(owner, [a1.id, b1.id, noOrg.id], '2032-01-05T12:00:00.000Z', { providerId: provAll })).providerId).toBe(provAll);
  });

  it.each([
    ['an inactive user', () => inactive, () => [a1.id]],
    ["another account's user", () => foreign, () => [a1.id]],
    ['a user limited to other organizations', () => provB, () => [a1.id]],
    ['a user who sees only some of the participants', () => provA, () => [a1.id, b1.id]],
    ['a user limited to organizations, for a client without one', () => provA, () => [noOrg.id]],
    ['no user at all', () => newId(), () => [a1.id]],
  ])('refuses %s with 400 and writes nothing', async (_what, provider, clients) => {
    const before = await accountSnapshot(accountId);
    const res = await owner.post('/api/sessions', body(clients(), '2032-01-06T09:00:00.000Z', { providerId: provider() }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROVIDER_MESSAGE);
    expect(res.body.errors).toEqual([{ path: 'providerId', message: PROVIDER_MESSAGE }]);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('refuses a provider deactivated while sessions are being scheduled: no session ever commits after the deactivation', async () => {
    // Each transaction naming the provider is timed from the moment it is sent; the deactivation
    // from the moment its answer is back. A check made by a read before the write would let a
    // transaction sent after the deactivation commit.
    let committed = 0;
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const provider = await putProvider(accountId);
      const sent: { at: number; ok?: boolean }[] = [];
      const name = `watch-${newId()}`;
      db().middlewareStack.add(
        (next, context) => async (args) => {
          const input = JSON.stringify((args as { input: unknown }).input);
          if (context.commandName !== 'TransactWriteItemsCommand' || !input.includes(`USER#${provider}`)) return next(args);
          const entry: { at: number; ok?: boolean } = { at: performance.now() };
          sent.push(entry);
          try {
            const out = await next(args);
            entry.ok = true;
            return out;
          } catch (e) {
            entry.ok = false;
            throw e;
          }
        },
        { step: 'initialize', name },
      );
      let deactivatedAt = Infinity;
      try {
        // Before the race: the provider is active, so this one commits.
        const before = await owner.post('/api/sessions', body([a1.id], new Date(Date.UTC(2032, 2, 1 + round, 16)).toISOString(), { providerId: provider }));
        expect(before.status).toBe(201);
        committed += 1;
        const schedules = Array.from({ length: 6 }, (_, i) =>
          owner.post('/api/sessions', body([a1.id], new Date(Date.UTC(2032, 2, 1 + round, 8 + i)).toISOString(), { providerId: provider })),
        );
        const deactivation = (async () => {
          await new Promise((r) => setImmediate(r));
          for (;;) {
            const res = await owner.patch(`/api/users/${provider}`, { isActive: false });
            if (res.status === 200) break;
            // The user item may be locked by a scheduling transaction at that instant: try again.
            expect(res.status).toBe(409);
          }
          deactivatedAt = performance.now();
        })();
        const answers = await Promise.all(schedules);
        await deactivation;
        for (const res of answers) {
          expect([201, 400]).toContain(res.status);
          if (res.status === 201) committed += 1;
          else refused += 1;
          if (res.status === 400) expect(res.body.message).toBe(PROVIDER_MESSAGE);
        }
        // After the deactivation's answer: refused, by the condition inside the write (checked below).
        const after = await owner.post('/api/sessions', body([a1.id], '2032-03-20T08:00:00.000Z', { providerId: provider }));
        expect(after.status).toBe(400);
        expect(after.body.message).toBe(PROVIDER_MESSAGE);
        refused += 1;
      } finally {
        db().middlewareStack.remove(name);
      }
      for (const tx of sent.filter((t) => t.at > deactivatedAt)) expect(tx.ok).toBe(false);
      const created = await weekOf(owner, provider, { from: '2032-03-01T00:00:00.000Z', to: '2032-03-31T00:00:00.000Z' });
      expect(created.length).toBe(sent.filter((t) => t.ok).length);
    }
    // Both outcomes were reached every round, whichever way the six racing schedules fell on this
    // machine: the one before the deactivation committed, the one after it was refused.
    expect(committed).toBeGreaterThanOrEqual(8);
    expect(refused).toBeGreaterThanOrEqual(8);
  });
});

describe("one provider's week", () => {
  const w1 = week('2032-02-02T00:00:00.000Z');
  const w2 = week('2032-02-09T00:00:00.000Z');

  it('returns exactly that provider\'s sessions in [from, to), and the other providers\' are not in it', async () => {
    const mine = [
      await schedule(owner, [a1.id], w1.from, { providerId: provA }),
      await schedule(owner, [a2.id], '2032-02-05T10:00:00.000Z', { providerId: provA }),
    ];
    await schedule(owner, [a1.id], w1.to, { providerId: provA });
    await schedule(owner, [a1.id], '2032-02-05T10:00:00.000Z', { providerId: provAll });
    await schedule(owner, [a1.id], '2032-02-05T11:00:00.000Z');
    const list = await weekOf(owner, provA, w1);
    expect(idsOf(list)).toEqual(idsOf(mine));
    expect(list.every((s) => s.providerId === provA)).toBe(true);
    expect(list.map((s) => s.id)).toEqual(mine.map((s) => s.id));
  });

  it("'me' is the caller, and 'all' (the default) is today's account-wide list", async () => {
    const own = await schedule(limited, [a1.id], '2032-02-04T09:00:00.000Z');
    expect(own.providerId).toBe(limitedId);
    expect(idsOf(await weekOf(limited, 'me', w1))).toEqual([own.id]);
    const all = await weekOf(owner, 'all', w1);
    const byDefault = expectStatus(await owner.get(`/api/sessions?${new URLSearchParams(w1)}`), 200);
    expect(all).toEqual(byDefault);
    expect(all.length).toBeGreaterThan(4);
    expect((await owner.get('/api/sessions?providerId=someone')).status).toBe(400);
  });

  it("applies organization limits: a limited user sees another provider's week only as far as it may", async () => {
    const mixed = await schedule(owner, [a1.id, b1.id], '2032-02-03T09:00:00.000Z', { providerId: provAll });
    const hidden = await schedule(owner, [b1.id], '2032-02-03T10:00:00.000Z', { providerId: provAll });
    const asOwner = await weekOf(owner, provAll, w1);
    expect(idsOf(asOwner)).toEqual(expect.arrayContaining([mixed.id, hidden.id]));
    const asLimited = await weekOf(limited, provAll, w1);
    expect(asLimited.map((s) => s.id)).not.toContain(hidden.id);
    expect(asLimited.find((s) => s.id === mixed.id)!.participants.map((p) => p.id)).toEqual([a1.id]);
    expect(asLimited.every((s) => s.participants.every((p) => p.id !== b1.id))).toBe(true);
  });

  it('follows an edit of the provider (audited by ids), a reschedule into another week, and a delete', async () => {
    const s = await schedule(owner, [a1.id], '2032-02-06T09:00:00.000Z', { providerId: provAll });
    expect(idsOf(await weekOf(owner, provAll, w1))).toContain(s.id);

    const moved = expectStatus(await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id], s.scheduledAt), status: 'scheduled', providerId: provA }), 200);
    expect(moved.providerId).toBe(provA);
    expect(idsOf(await weekOf(owner, provAll, w1))).not.toContain(s.id);
    expect(idsOf(await weekOf(owner, provA, w1))).toContain(s.id);
    const events = expectStatus(await owner.get('/api/activities'), 200) as { action: string; summary: string }[];
    const event = events.find((e) => e.action === 'session.provider_changed')!;
    expect(event.summary).toBe(`Set the session's provider to user ${provA}`);

    // An edit without providerId keeps it; one the provider cannot see is refused.
    expect(expectStatus(await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id], s.scheduledAt), status: 'completed' }), 200).providerId).toBe(provA);
    const refused = await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id, b1.id], s.scheduledAt), status: 'completed' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PROVIDER_MESSAGE);
    expect((await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id], s.scheduledAt), status: 'completed', providerId: provB })).status).toBe(400);

    expectStatus(await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id], '2032-02-10T09:00:00.000Z'), status: 'scheduled' }), 200);
    expect(idsOf(await weekOf(owner, provA, w1))).not.toContain(s.id);
    expect(idsOf(await weekOf(owner, provA, w2))).toContain(s.id);

    expectStatus(await owner.delete(`/api/sessions/${s.id}`), 200);
    expect(idsOf(await weekOf(owner, provA, w2))).not.toContain(s.id);
  });

  it('keeps a status edit possible after the provider was deactivated', async () => {
    const provider = await putProvider(accountId);
    const s = await schedule(owner, [a1.id], '2032-02-11T09:00:00.000Z', { providerId: provider });
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.user(accountId, provider), UpdateExpression: 'SET isActive = :f', ExpressionAttributeValues: { ':f': false } }));
    expect(expectStatus(await owner.put(`/api/sessions/${s.id}`, { ...body([a1.id], s.scheduledAt), status: 'completed' }), 200).providerId).toBe(provider);
  });
});

describe('sessions from before providers', () => {
  it('are backfilled into their creator\'s week, once (idempotent), and an edit writes the provider too', async () => {
    const creator = await putProvider(accountId);
    const range = week('2032-04-05T00:00:00.000Z');
    const old = await putSession(accountId, { scheduledAt: '2032-04-06T09:00:00.000Z', participants: { [a1.id]: 'scheduled' }, createdBy: creator });
    const edited = await putSession(accountId, { scheduledAt: '2032-04-07T09:00:00.000Z', participants: { [a1.id]: 'scheduled' }, createdBy: creator });
    expect(await weekOf(owner, creator, range)).toEqual([]);

    expectStatus(await owner.put(`/api/sessions/${edited.id}`, { ...body([a1.id], edited.scheduledAt), status: 'completed' }), 200);
    expect((await getRaw(keys.session(accountId, edited.id)))!.providerId).toBe(creator);
    expect(idsOf(await weekOf(owner, creator, range))).toEqual([edited.id]);

    expect(await backfillSessionProviders(accountId)).toBeGreaterThanOrEqual(1);
    expect(idsOf(await weekOf(owner, creator, range))).toEqual(idsOf([old, edited]));
    expect((await getRaw(keys.session(accountId, old.id)))!.providerId).toBe(creator);
    const snapshot = await accountSnapshot(accountId);
    expect(await backfillSessionProviders(accountId)).toBe(0);
    expect(await accountSnapshot(accountId)).toBe(snapshot);
  });
});

describe("the dashboard's 'My caseload'", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  const stats = async (agent: Agent, query: Record<string, string>) => expectStatus(await agent.get(`/api/dashboard/stats?${new URLSearchParams(query)}`), 200);

  it("counts the user's assigned clients, their goals and the sessions the user provides, within the user's organizations", async () => {
    // A fresh clinician in a fresh account, so nothing from the other tests is counted.
    const { agent: boss, user } = await signUpOwner();
    const account = user.accountId as string;
    const [oa, ob] = await Promise.all([putOrganization(account, 'Alder'), putOrganization(account, 'Birch')]);
    const { agent: slp, user: slpUser } = await signInChild(account, { ...clinicianPermissions, canCreateClients: true, canEditClients: true, allowedOrganizationIds: [oa.id] });
    const mineIds = [slpUser.id as string];
    const client = async (organizationId: string, clinicianIds: string[], status = 'active') =>
      expectStatus(await boss.post('/api/clients', { firstName: 'Eli', lastInitial: 'W', organizationId, status, clinicianIds }), 201) as { id: string };
    const active = await client(oa.id, mineIds);
    await client(oa.id, mineIds, 'inactive');
    const others = await client(oa.id, [user.id as string]);
    await client(ob.id, [user.id as string]);
    const goal = (clientId: string, status?: string) => boss.post('/api/goals', { clientId, name: 'Initial /s/', type: 'articulation', description: '<p>x</p>', targetCriteria: '80% accuracy', ...(status ? { status } : {}) });
    expectStatus(await goal(active.id), 201);
    expectStatus(await goal(active.id, 'mastered'), 201);
    expectStatus(await goal(others.id), 201);

    const now = Date.now();
    const weekStart = new Date(now - 3 * DAY);
    const at = (t: number) => new Date(t).toISOString();
    const done = await schedule(slp, [active.id], at(weekStart.getTime() + HOUR));
    expectStatus(await slp.put(`/api/sessions/${done.id}`, { ...body([active.id], done.scheduledAt), status: 'completed' }), 200);
    await schedule(slp, [active.id], at(weekStart.getTime() + 26 * HOUR));
    const canceled = await schedule(slp, [active.id], at(weekStart.getTime() + 27 * HOUR));
    expectStatus(await slp.put(`/api/sessions/${canceled.id}`, { ...body([active.id], canceled.scheduledAt), status: 'canceled', cancelReason: 'provider_unavailable' }), 200);
    await schedule(slp, [active.id], at(now + 2 * HOUR));
    await schedule(slp, [active.id], at(weekStart.getTime() - 2 * DAY));
    await schedule(boss, [others.id], at(weekStart.getTime() + 2 * HOUR));

    const query = { weekStart: weekStart.toISOString(), assignedTo: 'me' };
    expect(await stats(slp, query)).toEqual({
      totalClients: 1,
      weekSessions: 3,
      activeGoals: 1,
      completionRate: 50,
      // No session data yet: no goal can be at risk (part 4 §7).
      goalsAtRisk: 0,
      trends: { clientsAddedThisMonth: 2, lastWeekSessions: 1, sessionsDueThisWeek: 1, goalsMasteredThisMonth: 1 },
    });
    // 'all' (the default) is still the organizations' counters.
    const all = await stats(slp, { weekStart: weekStart.toISOString() });
    expect(all.totalClients).toBe(2);
    expect(all.weekSessions).toBe(4);
    expect(await stats(slp, { weekStart: weekStart.toISOString(), assignedTo: 'all' })).toEqual(all);
    expect((await slp.get('/api/dashboard/stats?assignedTo=mine')).status).toBe(400);

    // Other clinicians' clients and sessions do not add requests to the user's own numbers.
    const before = await countRequests(() => stats(slp, query));
    for (let i = 0; i < 5; i++) {
      const c = await client(i % 2 ? oa.id : ob.id, [user.id as string]);
      await schedule(boss, [c.id], at(weekStart.getTime() + (30 + i) * HOUR));
    }
    expect(await countRequests(() => stats(slp, query))).toBe(before);
  });
});
