import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCounterChanges } from '../../packages/core/src/counters.ts';
import { db, transact } from '../../packages/core/src/db.ts';
import type { Agent } from '../support/api.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let owner: Agent;
let accountId: string;
let orgA: string;
let orgB: string;
/** A child limited to organization A, without canManageUsers. */
let limited: Awaited<ReturnType<typeof createChild>>;
let otherOwner: Agent;

const addClient = async (organizationId: string, status = 'active') => {
  const res = await owner.post('/api/clients', { firstName: 'Dee', lastInitial: 'S', organizationId, status });
  expect(res.status).toBe(201);
};
const stats = async (agent: Agent, query = '') => {
  const res = await agent.get(`/api/dashboard/stats${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** A session written to the counters exactly as the sessions service writes a new one. */
const session = (orgId: string, at: Date, status = 'scheduled') =>
  transact(sessionCounterChanges(accountId, undefined, { orgIds: [orgId], scheduledAt: at.toISOString(), status }));

beforeAll(async () => {
  const [signedUp, other] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  otherOwner = other.agent;
  orgA = (await owner.post('/api/organizations', { name: 'Alder' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch' })).body.id;
  limited = await createChild(owner, { allowedOrganizationIds: [orgA] });
});

describe('dashboard stats', () => {
  it('answers zeros for a new account, and no completion rate when nothing is due', async () => {
    expect(await stats(otherOwner)).toEqual({
      totalClients: 0,
      weekSessions: 0,
      activeGoals: 0,
      goalsAtRisk: 0,
      completionRate: null,
      trends: { clientsAddedThisMonth: 0, lastWeekSessions: 0, sessionsDueThisWeek: 0, goalsMasteredThisMonth: 0 },
    });
  });

  it("counts active clients and this month's additions for the user's organizations only", async () => {
    await addClient(orgA);
    await addClient(orgA);
    await addClient(orgB);
    await addClient(orgB, 'discharged');
    const all = await stats(owner);
    expect(all.totalClients).toBe(3);
    expect(all.trends.clientsAddedThisMonth).toBe(4);
    const mine = await stats(limited.agent);
    expect(mine.totalClients).toBe(2);
    expect(mine.trends.clientsAddedThisMonth).toBe(2);
    expect((await stats(otherOwner)).totalClients).toBe(0);
  });

  it('computes the week, last week, due and completion rate from a given week start', async () => {
    const now = Date.now();
    const weekStart = new Date(now - 3 * DAY);
    await session(orgA, new Date(weekStart.getTime() + HOUR), 'completed');
    await session(orgA, new Date(weekStart.getTime() + 26 * HOUR));
    await session(orgA, new Date(weekStart.getTime() + 27 * HOUR), 'canceled');
    await session(orgB, new Date(weekStart.getTime() + 2 * HOUR), 'completed');
    await session(orgA, new Date(now + 2 * HOUR));
    await session(orgA, new Date(weekStart.getTime() - 2 * DAY));
    await session(orgB, new Date(weekStart.getTime() + 8 * DAY));

    const query = `?weekStart=${encodeURIComponent(weekStart.toISOString())}`;
    const all = await stats(owner, query);
    expect(all.weekSessions).toBe(4);
    expect(all.completionRate).toBe(67);
    expect(all.trends).toMatchObject({ lastWeekSessions: 1, sessionsDueThisWeek: 1 });

    const mine = await stats(limited.agent, query);
    expect(mine.weekSessions).toBe(3);
    expect(mine.completionRate).toBe(50);
    expect(mine.trends).toMatchObject({ lastWeekSessions: 1, sessionsDueThisWeek: 1 });
  });

  it('defaults the week to Monday 00:00 UTC and refuses a malformed week start', async () => {
    const monday = new Date();
    monday.setUTCHours(0, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const byDefault = await stats(owner);
    expect(byDefault).toEqual(await stats(owner, `?weekStart=${encodeURIComponent(monday.toISOString())}`));
    expect((await owner.get('/api/dashboard/stats?weekStart=last-monday')).status).toBe(400);
  });

  it('reads a number of DynamoDB requests that does not grow with the caseload', async () => {
    const count = async () => {
      let requests = 0;
      const name = `count-${crypto.randomUUID()}`;
      db().middlewareStack.add(
        (next, context) => (args) => {
          // The session's idle-time touch is written at most once a minute: not part of the read.
          if (context.commandName !== 'UpdateItemCommand') requests += 1;
          return next(args);
        },
        { step: 'initialize', name },
      );
      try {
        await stats(owner);
      } finally {
        db().middlewareStack.remove(name);
      }
      return requests;
    };
    const before = await count();
    for (let i = 0; i < 10; i += 1) await addClient(i % 2 ? orgA : orgB);
    expect(await count()).toBe(before);
    // The login session (it carries the user's access), and one BatchGet of counters.
    expect(before).toBe(2);
  });
});

describe('recent activities', () => {
  it('lists the newest events first, at most 10, with who did what', async () => {
    const events = (await owner.get('/api/activities')).body as { id: string; at: string; action: string; summary: string; actorName: string }[];
    expect(events).toHaveLength(10);
    expect(events[0]).toEqual({ id: expect.any(String), at: expect.any(String), action: 'client.created', summary: 'Added a client', actorName: 'Olivia Owner' });
    const times = events.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("gives a user who cannot manage users only its own events, even when it asks for the account's", async () => {
    // Its own events: the sign-in createChild made (a sign-in, so only with kind=all).
    for (const scope of ['account', 'mine']) {
      const events = (await limited.agent.get(`/api/activities?scope=${scope}&kind=all`)).body as { actorName: string; action: string }[];
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.actorName === 'Casey Child')).toBe(true);
    }
    const mine = (await owner.get('/api/activities?scope=mine')).body as { actorName: string }[];
    expect(mine.every((e) => e.actorName === 'Olivia Owner')).toBe(true);
    expect((await otherOwner.get('/api/activities')).body.every((e: { actorName: string }) => e.actorName === 'Olivia Owner')).toBe(true);
    expect((await owner.get('/api/activities?scope=everyone')).status).toBe(400);
  });
});
