/**
 * Progress monitoring (spec part 4 §7) over the real handlers and DynamoDB Local: the goal list
 * and a goal's update answer carry `monitoring` computed from the stored rows (the criterion's
 * accuracy with its cue rule, sessions the student attended only); the dashboard's `goalsAtRisk`
 * follows its scope (the account's, an organization-limited user's, "My caseload") and is kept
 * current by the writes monitoring rests on (IEP, goal, participant status, archive); a user who
 * may not see a student never gets its goals counted; "My caseload" reads the same number of
 * DynamoDB requests for 3 students or 15.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillGoalsAtRisk } from '../../packages/core/src/monitoring/migrate-goals-at-risk.ts';
import type { ClientItem, GoalItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { addGoal, expectStatus } from '../support/fixtures-sessions.ts';
import { putOrganization, putProgress, putSession, signInChild } from '../support/records.ts';
import { requestsOf } from '../support/dynamodb-requests.ts';

let owner: Agent;
let ownerId: string;
let accountId: string;
let alder: string;
let birch: string;

beforeAll(async () => {
  const o = await signUpOwner();
  owner = o.agent;
  ownerId = o.user.id as string;
  accountId = o.user.accountId as string;
  alder = (await putOrganization(accountId, 'Alder Elementary')).id;
  birch = (await putOrganization(accountId, 'Birch Elementary')).id;
}, 60_000);

/** Mondays from March 2, 2026, a week apart, at 10:00 in New York (the account's zone). */
const MONDAYS = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
const at = (date: string) => `${date}T15:00:00.000Z`;
const IEP = { startDate: '2025-09-01', endDate: '2026-06-01', status: 'active', serviceMinutes: 60, servicePer: 'week', serviceType: 'either' };

type Monitoring = { status: string; sessions: number; weeks: number; slopePerWeek: number | null; projectedDate: string | null; aimLine: unknown; basis: string } | null;
type GoalRead = { id: string; status: string; criterionMet: boolean; monitoring: Monitoring };

async function student(organizationId: string, opts: { iep?: boolean; clinicianIds?: string[] } = {}) {
  const c = expectStatus(await owner.post('/api/clients', { firstName: 'Ava', lastInitial: 'M', organizationId, status: 'active', clinicianIds: opts.clinicianIds ?? [ownerId] }), 201) as { id: string };
  if (opts.iep ?? true) expectStatus(await owner.post(`/api/clients/${c.id}/ieps`, IEP), 201);
  return c;
}

/** Weekly sessions with these [correct, total] for the goal, stored as the service stores them. */
async function weekly(client: { id: string }, goal: { id: string }, organizationId: string, scores: [number, number, Record<string, number>?][], status: 'present' | 'absent' = 'present') {
  const sessions = [];
  for (const [i, [ok, total, correctByCue]] of scores.entries()) {
    const session = await putSession(accountId, { scheduledAt: at(MONDAYS[i]!), participants: { [client.id]: status }, providerId: ownerId });
    await putProgress(accountId, session, { id: goal.id, clientId: client.id, organizationId } as GoalItem, ok, total, correctByCue ? { correctByCue, independentCorrect: correctByCue.independent ?? 0 } : {});
    sessions.push(session);
  }
  return sessions;
}

const goalsOf = async (agent: Agent, clientId: string) => expectStatus(await agent.get(`/api/goals?clientId=${clientId}`), 200) as GoalRead[];
const stats = async (agent: Agent, assignedTo: 'me' | 'all' = 'all') => expectStatus(await agent.get(`/api/dashboard/stats?assignedTo=${assignedTo}`), 200) as { goalsAtRisk: number };

describe('the goal read', () => {
  it('carries monitoring from the stored sessions: rising is on track with its slope, projection and aim line; falling is at risk; a goal without data has none', async () => {
    const kid = await student(alder);
    const rising = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3 });
    const falling = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3, name: 'Falling' });
    const empty = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3, name: 'Empty' });
    expect(empty.monitoring).toBeNull();
    await weekly(kid, rising, alder, [[4, 10], [5, 10], [6, 10], [7, 10]]);
    await weekly(kid, falling, alder, [[7, 10], [6, 10], [5, 10], [4, 10]]);
    const read = await goalsOf(owner, kid.id);
    expect(read.find((g) => g.id === rising.id)!.monitoring).toEqual({
      status: 'on_track',
      sessions: 4,
      weeks: 3,
      slopePerWeek: 10,
      projectedDate: '2026-03-30',
      aimLine: { from: { date: '2026-03-02', accuracy: 40 }, to: { date: '2026-06-01', accuracy: 80 } },
      trendLine: { from: { date: '2026-03-02', accuracy: 40 }, to: { date: '2026-03-23', accuracy: 70 } },
      basis: 'Based on 4 sessions over 3 weeks',
    });
    expect(read.find((g) => g.id === falling.id)!.monitoring).toMatchObject({ status: 'at_risk', slopePerWeek: -10, projectedDate: null });
    expect(read.find((g) => g.id === empty.id)!.monitoring).toBeNull();
    // A goal's update answers it too.
    const toggled = expectStatus(await owner.put(`/api/goals/${falling.id}`, { status: 'active' }), 200) as GoalRead;
    expect(toggled.monitoring).toMatchObject({ status: 'at_risk' });
  });

  it("holds the criterion's cue rule: under a highest cue of 'independent', 6 independent + 2 verbal of 10 is 60%, the figure the trend is fitted to", async () => {
    const kid = await student(alder);
    const goal = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3, criterionMaxCue: 'independent' });
    await weekly(kid, goal, alder, [[8, 10, { independent: 6, verbal: 2 }], [8, 10, { independent: 6, verbal: 2 }], [8, 10, { independent: 6, verbal: 2 }], [8, 10, { independent: 6, verbal: 2 }]]);
    const [read] = await goalsOf(owner, kid.id);
    // Flat at 60 (not 80): under the aim line from 60 to 80, at risk.
    expect(read!.monitoring).toMatchObject({ status: 'at_risk', slopePerWeek: 0, aimLine: { from: { accuracy: 60 } } });
  });

  it('says what is missing: no structured criterion, no IEP active on the last data date; sessions the student missed are no data', async () => {
    const kid = await student(alder, { iep: false });
    const loose = await addGoal(owner, kid.id, { name: 'No criterion' });
    const aimed = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3, name: 'Aimed' });
    await weekly(kid, loose, alder, [[4, 10], [5, 10], [6, 10], [7, 10]]);
    await weekly(kid, aimed, alder, [[4, 10], [5, 10], [6, 10], [7, 10]]);
    const read = await goalsOf(owner, kid.id);
    expect(read.find((g) => g.id === loose.id)!.monitoring).toMatchObject({
      status: 'insufficient_data',
      aimLine: null,
      basis: 'Based on 4 sessions over 3 weeks; the goal has no structured criterion; no IEP is active on Mar 23, 2026',
    });
    expect(read.find((g) => g.id === aimed.id)!.monitoring).toMatchObject({ status: 'insufficient_data', aimLine: null, basis: 'Based on 4 sessions over 3 weeks; no IEP is active on Mar 23, 2026' });

    const absent = await student(alder);
    const goal = await addGoal(owner, absent.id, { criterionAccuracy: 80, criterionSessions: 3 });
    await weekly(absent, goal, alder, [[4, 10], [5, 10], [6, 10], [7, 10]], 'absent');
    expect((await goalsOf(owner, absent.id))[0]!.monitoring).toBeNull();
  });
});

describe("the dashboard's goalsAtRisk", () => {
  it('follows the writes monitoring rests on: an IEP added, a session marked absent, a goal mastered, a student archived', async () => {
    const { agent: boss, user } = await signUpOwner();
    const own = user.accountId as string;
    const org = (await putOrganization(own, 'Cedar Elementary')).id;
    const kid = expectStatus(await boss.post('/api/clients', { firstName: 'Noah', lastInitial: 'B', organizationId: org, status: 'active', clinicianIds: [user.id] }), 201) as { id: string };
    const goal = await addGoal(boss, kid.id, { criterionAccuracy: 80, criterionSessions: 3 });
    const sessions = [];
    for (const [i, ok] of [7, 6, 5, 4].entries()) {
      const s = await putSession(own, { scheduledAt: at(MONDAYS[i]!), participants: { [kid.id]: 'present' }, providerId: user.id as string });
      await putProgress(own, s, { id: goal.id, clientId: kid.id, organizationId: org } as GoalItem, ok, 10);
      sessions.push(s);
    }
    const count = async (assignedTo: 'me' | 'all') => (await stats(boss, assignedTo)).goalsAtRisk;
    // No IEP yet: no aim line, insufficient data.
    expect(await count('all')).toBe(0);
    const iep = expectStatus(await boss.post(`/api/clients/${kid.id}/ieps`, IEP), 201) as { id: string };
    expect(await count('all')).toBe(1);
    expect(await count('me')).toBe(1);
    // The last session's student was absent: three sessions over two weeks is no trend.
    expectStatus(await boss.patch(`/api/sessions/${sessions[3]!.id}/participants/${kid.id}`, { status: 'absent' }), 200);
    expect(await count('all')).toBe(0);
    expectStatus(await boss.patch(`/api/sessions/${sessions[3]!.id}/participants/${kid.id}`, { status: 'present' }), 200);
    expect(await count('all')).toBe(1);
    // A mastered goal is done: not at risk.
    expectStatus(await boss.put(`/api/goals/${goal.id}`, { status: 'mastered' }), 200);
    expect(await count('all')).toBe(0);
    expectStatus(await boss.put(`/api/goals/${goal.id}`, { status: 'active' }), 200);
    expect(await count('me')).toBe(1);
    expectStatus(await boss.delete(`/api/ieps/${iep.id}`), 200);
    expect(await count('all')).toBe(0);
    expectStatus(await boss.post(`/api/clients/${kid.id}/ieps`, IEP), 201);
    expect(await count('all')).toBe(1);
    expect((await boss.get('/api/dashboard/goals-at-risk')).body).toEqual([{ clientId: kid.id, clientName: 'Noah B.', goalsAtRisk: 1 }]);
    expectStatus(await boss.post(`/api/clients/${kid.id}/archive`), 200);
    expect(await count('all')).toBe(0);
    expect(await count('me')).toBe(0);
    expect((await boss.get('/api/dashboard/goals-at-risk')).body).toEqual([]);
  });

  it('never counts a student the user may not see: an organization-limited user counts its organizations only, "My caseload" its assigned students only', async () => {
    const before = (await stats(owner)).goalsAtRisk;
    const mineBefore = (await stats(owner, 'me')).goalsAtRisk;
    const inAlder = await student(alder, { iep: false });
    const inBirch = await student(birch, { iep: false });
    const unassigned = await student(birch, { iep: false, clinicianIds: [] });
    for (const [kid, org] of [[inAlder, alder], [inBirch, birch], [unassigned, birch]] as const) {
      const goal = await addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3 });
      await weekly(kid, goal, org, [[7, 10], [6, 10], [5, 10], [4, 10]]);
      // Seeded rows bypass the writes that recount; adding the IEP is one of them.
      expectStatus(await owner.post(`/api/clients/${kid.id}/ieps`, IEP), 201);
      expect((await goalsOf(owner, kid.id))[0]!.monitoring).toMatchObject({ status: 'at_risk' });
    }
    expect((await stats(owner)).goalsAtRisk).toBe(before + 3);
    expect((await stats(owner, 'me')).goalsAtRisk).toBe(mineBefore + 2);
    const alderOnly = (await signInChild(accountId, { allowedOrganizationIds: [alder] })).agent;
    const birchOnly = (await signInChild(accountId, { allowedOrganizationIds: [birch] })).agent;
    const alderCount = (await stats(alderOnly)).goalsAtRisk;
    const birchCount = (await stats(birchOnly)).goalsAtRisk;
    expect(alderCount + birchCount).toBe(before + 3);
    expect(birchCount).toBeGreaterThanOrEqual(2);
    // The Birch-only user cannot read the Alder student's goals, and its count and list never held them.
    expectStatus(await birchOnly.get(`/api/goals?clientId=${inAlder.id}`), 404);
    const listed = (agent: Agent, assignedTo: 'me' | 'all' = 'all') => agent.get(`/api/dashboard/goals-at-risk?assignedTo=${assignedTo}`).then((r) => expectStatus(r, 200) as { clientId: string; clientName: string; goalsAtRisk: number }[]);
    const birchList = await listed(birchOnly);
    expect(birchList.map((s) => s.clientId)).toEqual(expect.arrayContaining([inBirch.id, unassigned.id]));
    expect(birchList.map((s) => s.clientId)).not.toContain(inAlder.id);
    expect(birchList.reduce((n, s) => n + s.goalsAtRisk, 0)).toBe(birchCount);
    expect(birchList.find((s) => s.clientId === inBirch.id)).toEqual({ clientId: inBirch.id, clientName: 'Ava M.', goalsAtRisk: 1 });
    const ownerAll = await listed(owner);
    expect(ownerAll.map((s) => s.clientId)).toEqual(expect.arrayContaining([inAlder.id, inBirch.id, unassigned.id]));
    const ownerMine = (await listed(owner, 'me')).map((s) => s.clientId);
    expect(ownerMine).toEqual(expect.arrayContaining([inAlder.id, inBirch.id]));
    expect(ownerMine).not.toContain(unassigned.id);
  });
});

describe('the goals-at-risk migration', () => {
  it('counts the students recorded before it (only those with an active goal under a structured criterion), and a second run changes nothing', async () => {
    const { agent: boss, user } = await signUpOwner();
    const own = user.accountId as string;
    const org = (await putOrganization(own, 'Elm Elementary')).id;
    const kid = expectStatus(await boss.post('/api/clients', { firstName: 'Ivy', lastInitial: 'L', organizationId: org, status: 'active', clinicianIds: [user.id] }), 201) as { id: string };
    expectStatus(await boss.post(`/api/clients/${kid.id}/ieps`, IEP), 201);
    const goal = await addGoal(boss, kid.id, { criterionAccuracy: 80, criterionSessions: 3 });
    const loose = await addGoal(boss, kid.id, { name: 'No criterion' });
    // Recorded as an earlier version would have: no recount.
    for (const [i, ok] of [7, 6, 5, 4].entries()) {
      const s = await putSession(own, { scheduledAt: at(MONDAYS[i]!), participants: { [kid.id]: 'present' }, providerId: user.id as string });
      await putProgress(own, s, { id: goal.id, clientId: kid.id, organizationId: org } as GoalItem, ok, 10);
      await putProgress(own, s, { id: loose.id, clientId: kid.id, organizationId: org } as GoalItem, ok, 10);
    }
    expect((await stats(boss)).goalsAtRisk).toBe(0);
    expect(await backfillGoalsAtRisk(own)).toBe(1);
    expect((await stats(boss)).goalsAtRisk).toBe(1);
    expect((await stats(boss, 'me')).goalsAtRisk).toBe(1);
    await backfillGoalsAtRisk(own);
    expect((await stats(boss)).goalsAtRisk).toBe(1);
  });
});


describe("'Goals at risk' on the dashboard's 'My caseload'", () => {
  it('reads the same few DynamoDB requests for 3 students or 15, every one with a goal at risk', async () => {
    const { agent: boss, user } = await signUpOwner();
    const own = user.accountId as string;
    const org = (await putOrganization(own, 'Dogwood Elementary')).id;
    const addStudents = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const kid = expectStatus(await boss.post('/api/clients', { firstName: `S${i}`, lastInitial: 'K', organizationId: org, status: 'active', clinicianIds: [user.id] }), 201) as ClientItem;
        const goal = await addGoal(boss, kid.id, { criterionAccuracy: 80, criterionSessions: 3 });
        for (const [w, ok] of [7, 6, 5, 4].entries()) {
          const s = await putSession(own, { scheduledAt: at(MONDAYS[w]!), participants: { [kid.id]: 'present' }, providerId: user.id as string });
          await putProgress(own, s, { id: goal.id, clientId: kid.id, organizationId: org } as GoalItem, ok, 10);
        }
        // Adding the IEP is a write monitoring rests on: it counts the goal at risk.
        expectStatus(await boss.post(`/api/clients/${kid.id}/ieps`, IEP), 201);
      }
    };
    const mine = async () => stats(boss, 'me');
    await addStudents(3);
    const few = await requestsOf(mine);
    expect(await mine()).toMatchObject({ totalClients: 3, goalsAtRisk: 3 });
    await addStudents(12);
    expect(await mine()).toMatchObject({ totalClients: 15, goalsAtRisk: 15 });
    expect(await requestsOf(mine)).toBe(few);
    expect(few).toBeLessThanOrEqual(5);
    expect(await requestsOf(() => stats(boss, 'all'))).toBeLessThanOrEqual(3);
    // The list behind the card: the caseload, its counters and its 15 students, one request each kind.
    expect(((await boss.get('/api/dashboard/goals-at-risk?assignedTo=me')).body as unknown[]).length).toBe(15);
  }, 120_000);
});
