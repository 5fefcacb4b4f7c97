/**
 * The hot paths at their floor (issue 27), as DynamoDB requests per call over the real handlers and
 * DynamoDB Local, the sign-in check included: GET one session in two (the session read with the
 * login session, then its participants in one BatchGet, whatever the group's size); a trial save
 * (and the count form) in two (the session, goal and stored row read with the login session, then
 * one conditional Put of the row once it exists), a replay no newer in one; "My caseload" on the dashboard in the same number
 * whatever the caseload's size. Counts, never times: they do not depend on the machine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clientScope } from '../../packages/core/src/counters.ts';
import { backfillClientGoalCounters } from '../../packages/core/src/goals/migrate-client-goal-counters.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { addGoal, expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { putGoal, putOrganization } from '../support/records.ts';
import { commandsOf, requestsOf } from '../support/dynamodb-requests.ts';

let owner: Agent;
let ownerId: string;
let organizationId: string;

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  ownerId = signedUp.user.id as string;
  organizationId = (await putOrganization(signedUp.user.accountId as string, 'Alder Elementary')).id;
});


/** A client on the owner's own caseload. */
const myClient = async (firstName = 'Eli') =>
  expectStatus(await owner.post('/api/clients', { firstName, lastInitial: 'W', organizationId, status: 'active', clinicianIds: [ownerId] }), 201) as { id: string };

let slot = 0;
const nextSlot = () => new Date(Date.UTC(2031, 4, 5, 8) + slot++ * 3_600_000).toISOString();

describe('GET /api/sessions/{id}', () => {
  it('is two DynamoDB requests, the sign-in check included, for one student or a group of four', async () => {
    const solo = await schedule(owner, [(await myClient('Ada')).id], nextSlot());
    const group = await schedule(owner, await Promise.all(['Bo', 'Cy', 'Di', 'Ed'].map(async (n) => (await myClient(n)).id)), nextSlot());
    expect(await requestsOf(async () => expectStatus(await owner.get(`/api/sessions/${solo.id}`), 200))).toBe(2);
    expect(await requestsOf(async () => expect(expectStatus(await owner.get(`/api/sessions/${group.id}`), 200).participants).toHaveLength(4))).toBe(2);
  });
});

describe('saving progress', () => {
  it('a trial save is two DynamoDB requests; a replay no newer than the stored row is one and writes nothing', async () => {
    const kid = await myClient('Fay');
    const goal = await addGoal(owner, kid.id);
    const session = await schedule(owner, [kid.id], nextSlot());
    let t = Date.now() - 60_000;
    const save = (clientUpdatedAt: string) =>
      owner.put(`/api/sessions/${session.id}/trials`, { clientId: kid.id, goalId: goal.id, trials: [{ correct: true, cue: 'independent' }], clientUpdatedAt });
    // The first save of a row is audited (one more request); later ones by the same user within the quarter hour are not.
    expectStatus(await save(new Date(t).toISOString()), 200);
    expect(await requestsOf(async () => expect(expectStatus(await save(new Date((t += 1000)).toISOString()), 200)).not.toHaveProperty('superseded'))).toBe(2);
    // Once the row exists, the write is one conditional Put of it, not a transaction.
    expect(await commandsOf(async () => expectStatus(await save(new Date((t += 1000)).toISOString()), 200))).toEqual(['BatchGetItemCommand', 'PutItemCommand']);
    const stored = new Date(t).toISOString();
    expect(await requestsOf(async () => expect(expectStatus(await save(stored), 200)).toMatchObject({ superseded: true, clientUpdatedAt: stored }))).toBe(1);
  });

  it('a count-form save is two DynamoDB requests', async () => {
    const kid = await myClient('Gus');
    const goal = await addGoal(owner, kid.id);
    const session = await schedule(owner, [kid.id], nextSlot());
    const save = () => owner.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 3, totalAttempts: 5 });
    expectStatus(await save(), 200);
    expect(await requestsOf(async () => expectStatus(await save(), 200))).toBe(2);
  });
});

describe("the dashboard's 'My caseload'", () => {
  it('reads the same few DynamoDB requests for 3 students or 15, with the goal counts of all of them', async () => {
    // A fresh owner: only this test's clients are on its caseload.
    const { agent: boss, user } = await signUpOwner();
    const org = await putOrganization(user.accountId as string, 'Birch Elementary');
    const addStudents = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const c = expectStatus(await boss.post('/api/clients', { firstName: `S${i}`, lastInitial: 'K', organizationId: org.id, status: 'active', clinicianIds: [user.id] }), 201) as { id: string };
        await addGoal(boss, c.id);
        await addGoal(boss, c.id, { status: 'mastered' });
      }
    };
    const mine = async () => expectStatus(await boss.get('/api/dashboard/stats?assignedTo=me'), 200) as { activeGoals: number; trends: { goalsMasteredThisMonth: number } };

    await addStudents(3);
    const few = await requestsOf(mine);
    expect(await mine()).toMatchObject({ totalClients: 3, activeGoals: 3, trends: { goalsMasteredThisMonth: 3 } });
    await addStudents(12);
    expect(await mine()).toMatchObject({ totalClients: 15, activeGoals: 15, trends: { goalsMasteredThisMonth: 15 } });
    expect(await requestsOf(mine)).toBe(few);
    expect(few).toBeLessThanOrEqual(5);
  });

  it("counts goals written before the clients' counters once the migration has backfilled them, and a second backfill changes nothing", async () => {
    const { agent: boss, user } = await signUpOwner();
    const accountId = user.accountId as string;
    const org = await putOrganization(accountId, 'Cedar Elementary');
    const created = expectStatus(await boss.post('/api/clients', { firstName: 'Hal', lastInitial: 'P', organizationId: org.id, status: 'active', clinicianIds: [user.id] }), 201) as { id: string };
    const client = (await getRaw<ClientItem>(keys.client(accountId, created.id)))!;
    // Two goals as written before the counters existed, and one since (which counts itself).
    await putGoal(accountId, client);
    await putGoal(accountId, client, { status: 'mastered', masteredDate: new Date().toISOString() });
    await addGoal(boss, created.id);
    const mine = async () => expectStatus(await boss.get('/api/dashboard/stats?assignedTo=me'), 200) as Record<string, unknown>;
    expect(await mine()).toMatchObject({ activeGoals: 1, trends: { goalsMasteredThisMonth: 0 } });

    expect(await backfillClientGoalCounters(accountId)).toBe(1);
    expect(await mine()).toMatchObject({ activeGoals: 2, trends: { goalsMasteredThisMonth: 1 } });
    const counter = await getRaw(keys.counters(accountId, clientScope(created.id)));
    await backfillClientGoalCounters(accountId);
    expect(await getRaw(keys.counters(accountId, clientScope(created.id)))).toEqual(counter);
  });
});
