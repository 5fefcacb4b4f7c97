/**
 * Live trials (spec part 3 §3) over the real handlers and DynamoDB Local: PUT /api/sessions/{id}/trials
 * stores the ordered trial list of a client and goal on the progress row of (session, goal) with
 * what it adds up to; saves are idempotent and order-safe by clientUpdatedAt (late and parallel
 * replays never overwrite newer data); at most 500 trials; the goal must be the body's client's;
 * tenant, organization and permission limits; the signed-note lock (raced against signatures);
 * the count form beside it; a reschedule moves the row with its trials.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PRESENT } from '../../packages/contract/src/sessions.ts';
import { SIGNED_NOTE } from '../../packages/contract/src/signatures.ts';
import { FUTURE_TOLERANCE_MS, TOO_MANY_TRIALS, type Trial } from '../../packages/contract/src/trials.ts';
import { now, testClock } from '../../packages/core/src/clock.ts';
import { recentAudit } from '../../packages/core/src/audit.ts';
import type { ClientItem, OrganizationItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { GOAL_OF_ANOTHER_CLIENT } from '../../packages/core/src/sessions/trials.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';
import { addGoal, clinicianPermissions, expectStatus, getRaw, held, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization } from '../support/records.ts';

interface User {
  agent: Agent;
  id: string;
}

let accountId: string;
let owner: User;
let slp: User;
/** May see every school but not edit sessions. */
let readOnly: User;
/** An SLP limited to another school. */
let otherSchoolSlp: User;
let stranger: Agent;
let orgA: OrganizationItem;

async function createUser(role: 'slp' | 'assistant', permissions: Record<string, unknown>): Promise<User> {
  const email = `${role}-${randomUUID()}@district.test`;
  const created = expectStatus(await owner.agent.post('/api/users', { user: { firstName: 'Sam', lastName: 'Lee', email, password: PASSWORD, role }, permissions }), 201);
  return { agent: (await signIn(email)).agent, id: created.id };
}

const client = (firstName: string, fields: Partial<ClientItem> = {}) => putClient(accountId, { firstName, organizationId: orgA.id, ...fields });

let hour = 0;
/** A distinct future time for each new session. */
const nextSlot = () => new Date(Date.UTC(2031, 4, 5, 8) + hour++ * 3_600_000).toISOString();
let pastHour = 0;
/** A distinct time the day before the server's clock: a session held then can be signed. */
const heldSlot = () => new Date(Date.UTC(2031, 4, 4, 8) + pastHour++ * 3_600_000).toISOString();

/**
 * The server's clock in this file: 5 May 2031 at 09:30 UTC and running, so the device times of the
 * saves (9:00 to 9:30 that day) are the recent past, as a device's are, and not beyond the
 * tolerance for a clock that runs ahead (part 4 §1.5).
 */
const SERVER_NOW = Date.UTC(2031, 4, 5, 9, 30);
beforeAll(() => testClock.advance(SERVER_NOW - Date.now()));
afterAll(() => testClock.reset());

const t = (correct: boolean, cue: Trial['cue']): Trial => ({ correct, cue });
/** `n` trials alternating correct and incorrect, all independent. */
const trialsOf = (n: number) => Array.from({ length: n }, (_, i) => t(i % 2 === 0, 'independent'));
/** A device time: minute `m` of a fixed morning. */
const at = (m: number) => new Date(Date.UTC(2031, 4, 5, 9, m)).toISOString();

const saveTrials = (agent: Agent, sessionId: string, body: { clientId: string; goalId: string; trials: Trial[]; clientUpdatedAt: string }) =>
  agent.put(`/api/sessions/${sessionId}/trials`, body);
const progressOf = async (agent: Agent, sessionId: string) => expectStatus(await agent.get(`/api/sessions/${sessionId}/progress`), 200) as Record<string, any>[];
const storedRow = (sessionId: string, goalId: string) => getRaw(keys.progress(accountId, sessionId, goalId));

function expectRefused(res: { status: number; body: any }, status: number, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message) expect(res.body.message).toBe(message);
}

/** A client with a goal, in a new session of their own. */
async function scoredStudent(firstName = 'Ava') {
  const kid = await client(firstName);
  const goal = await addGoal(owner.agent, kid.id);
  const session = await schedule(owner.agent, [kid.id], nextSlot());
  return { kid, goal, session };
}

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner({ firstName: 'Olivia', lastName: 'Owner' }), signUpOwner()]);
  accountId = o.user.accountId;
  owner = { agent: o.agent, id: o.user.id };
  stranger = x.agent;
  const orgB = await putOrganization(accountId, 'Birch Middle');
  orgA = await putOrganization(accountId, 'Alder Elementary');
  [slp, readOnly, otherSchoolSlp] = await Promise.all([
    createUser('slp', clinicianPermissions),
    createUser('slp', { canViewReports: true }),
    createUser('slp', { ...clinicianPermissions, allowedOrganizationIds: [orgB.id] }),
  ]);
}, 60_000);

describe('storing trials', () => {
  it('derives 7 of 10 correct, 3 independently, trials per cue level (independent 4, gestural 1, verbal 2, model 2, physical 1) and stores correct per cue level', async () => {
    const { kid, goal, session } = await scoredStudent();
    const trials = [
      t(true, 'independent'),
      t(true, 'independent'),
      t(false, 'independent'),
      t(true, 'verbal'),
      t(false, 'verbal'),
      t(true, 'model'),
      t(true, 'model'),
      t(false, 'gestural'),
      t(true, 'independent'),
      t(true, 'physical'),
    ];
    const saved = expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials, clientUpdatedAt: at(1) }), 200);
    expect(saved).toEqual({
      id: `${session.id}:${goal.id}`,
      goalId: goal.id,
      clientId: kid.id,
      sessionId: session.id,
      successfulAttempts: 7,
      totalAttempts: 10,
      independentCorrect: 3,
      cueCounts: { independent: 4, gestural: 1, verbal: 2, model: 2, physical: 1 },
      // What a criterion with a highest cue level counts: correct trials per level (none correct with a gestural cue).
      correctByCue: { independent: 3, verbal: 1, model: 2, physical: 1 },
      trials,
      clientUpdatedAt: at(1),
      recordedAt: session.scheduledAt,
    });
    expect((await storedRow(session.id, goal.id))!.correctByCue).toEqual({ independent: 3, verbal: 1, model: 2, physical: 1 });
  });

  it('GET progress returns the trials in the order scored, beside the other goals of the session', async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const [avaGoal, benGoal] = await Promise.all([addGoal(owner.agent, ava.id), addGoal(owner.agent, ben.id)]);
    const s = await schedule(owner.agent, [ava.id, ben.id], nextSlot());
    const avaTrials = [t(false, 'physical'), t(true, 'model'), t(true, 'verbal'), t(true, 'visual'), t(true, 'gestural'), t(true, 'independent')];
    expectStatus(await saveTrials(owner.agent, s.id, { clientId: ava.id, goalId: avaGoal.id, trials: avaTrials, clientUpdatedAt: at(1) }), 200);
    expectStatus(await saveTrials(slp.agent, s.id, { clientId: ben.id, goalId: benGoal.id, trials: [t(true, 'independent')], clientUpdatedAt: at(2) }), 200);
    const rows = await progressOf(owner.agent, s.id);
    expect(rows.find((r) => r.goalId === avaGoal.id)).toMatchObject({ trials: avaTrials, successfulAttempts: 5, totalAttempts: 6, independentCorrect: 1 });
    expect(rows.find((r) => r.goalId === benGoal.id)).toMatchObject({ trials: [t(true, 'independent')], successfulAttempts: 1, totalAttempts: 1 });

    // A period's list (charts, reports) answers what the trials add up to, not the trials themselves.
    const around = (ms: number) => encodeURIComponent(new Date(Date.parse(s.scheduledAt) + ms).toISOString());
    const period = `from=${around(-3_600_000)}&to=${around(3_600_000)}`;
    const listed = expectStatus(await owner.agent.get(`/api/progress?clientId=${ava.id}&${period}`), 200) as Record<string, any>[];
    expect(listed).toEqual([expect.objectContaining({ goalId: avaGoal.id, successfulAttempts: 5, totalAttempts: 6, independentCorrect: 1, cueCounts: { gestural: 1, visual: 1, verbal: 1, model: 1, physical: 1, independent: 1 } })]);
    expect(listed[0]).not.toHaveProperty('trials');
  });

  it('accepts an empty list: 0 of 0 with no cue counts', async () => {
    const { kid, goal, session } = await scoredStudent();
    const saved = expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: [], clientUpdatedAt: at(1) }), 200);
    expect(saved).toMatchObject({ trials: [], successfulAttempts: 0, totalAttempts: 0, independentCorrect: 0, cueCounts: {} });
  });

  it('accepts 500 trials and refuses 501 with 400 and the limit in words, storing nothing', async () => {
    const { kid, goal, session } = await scoredStudent();
    const refused = await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(501), clientUpdatedAt: at(1) });
    expectRefused(refused, 400, TOO_MANY_TRIALS);
    expect(TOO_MANY_TRIALS).toBe('A goal can have at most 500 trials in a session');
    expect(await storedRow(session.id, goal.id)).toBeUndefined();
    const saved = expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(500), clientUpdatedAt: at(2) }), 200);
    expect(saved).toMatchObject({ successfulAttempts: 250, totalAttempts: 500, independentCorrect: 250, cueCounts: { independent: 500 } });
    expect((await progressOf(owner.agent, session.id))[0]!.trials).toHaveLength(500);
  });

  it('validates each trial and the device time: an unknown cue, a missing correct and a time without zone are 400', async () => {
    const { kid, goal, session } = await scoredStudent();
    const base = { clientId: kid.id, goalId: goal.id, clientUpdatedAt: at(1) };
    expectRefused(await owner.agent.put(`/api/sessions/${session.id}/trials`, { ...base, trials: [{ correct: true, cue: 'hint' }] }), 400, 'Choose a cue level');
    expectRefused(await owner.agent.put(`/api/sessions/${session.id}/trials`, { ...base, trials: [{ cue: 'verbal' }] }), 400, 'Each trial is correct or incorrect');
    expectRefused(await owner.agent.put(`/api/sessions/${session.id}/trials`, { ...base, trials: [], clientUpdatedAt: '2031-05-05 09:00' }), 400);
    expect(await storedRow(session.id, goal.id)).toBeUndefined();
  });
});

describe('idempotent and order-safe by clientUpdatedAt', () => {
  it('the same body twice stores one record: the second answers the same, marked superseded, and writes nothing', async () => {
    const { kid, goal, session } = await scoredStudent();
    const body = { clientId: kid.id, goalId: goal.id, trials: [t(true, 'verbal'), t(false, 'independent')], clientUpdatedAt: at(3) };
    const first = expectStatus(await saveTrials(owner.agent, session.id, body), 200);
    expect(first.superseded).toBeUndefined();
    const stored = await storedRow(session.id, goal.id);
    const second = expectStatus(await saveTrials(owner.agent, session.id, body), 200);
    expect(second).toEqual({ ...first, superseded: true });
    // Not even rewritten: the row's own updatedAt is still the first save's.
    expect(await storedRow(session.id, goal.id)).toEqual(stored);
    expect(await progressOf(owner.agent, session.id)).toEqual([first]);
  });

  it('an older clientUpdatedAt after a newer one changes nothing and answers the stored (newer) state: 5 trials at 9:05 stay after 3 at 9:04', async () => {
    const { kid, goal, session } = await scoredStudent();
    const newer = expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(5), clientUpdatedAt: at(5) }), 200);
    const late = await saveTrials(slp.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(3), clientUpdatedAt: at(4) });
    expect(expectStatus(late, 200)).toEqual({ ...newer, superseded: true });
    expect(newer).toMatchObject({ totalAttempts: 5, successfulAttempts: 3, clientUpdatedAt: at(5) });
    expect(await progressOf(owner.agent, session.id)).toEqual([newer]);
    // A newer one than that is stored.
    const next = expectStatus(await saveTrials(slp.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(6), clientUpdatedAt: at(6) }), 200);
    expect(next).toMatchObject({ totalAttempts: 6, clientUpdatedAt: at(6) });
  });

  it("does not believe a device clock running ahead: a time more than 2 minutes past the server's is stored as the server's, so a later save still wins", async () => {
    const { kid, goal, session } = await scoredStudent();
    const body = { clientId: kid.id, goalId: goal.id };
    const aheadBy = (ms: number) => new Date(now().getTime() + ms).toISOString();
    // A tablet whose clock is an hour fast saves first.
    const fast = expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(4), clientUpdatedAt: aheadBy(3_600_000) }), 200);
    expect(fast.superseded).toBeUndefined();
    const believed = Date.parse(fast.clientUpdatedAt);
    expect(believed).toBeLessThanOrEqual(now().getTime());
    expect(believed).toBeGreaterThan(now().getTime() - 60_000);
    // A phone with the right time scores after it: its state is newer and stays.
    const later = expectStatus(await saveTrials(slp.agent, session.id, { ...body, trials: trialsOf(6), clientUpdatedAt: aheadBy(1_000) }), 200);
    expect(later).toMatchObject({ totalAttempts: 6 });
    expect(later.superseded).toBeUndefined();
    expect((await progressOf(owner.agent, session.id))[0]).toMatchObject({ totalAttempts: 6 });
    // Within the tolerance the device is believed.
    const slightlyAhead = aheadBy(FUTURE_TOLERANCE_MS - 30_000);
    const trusted = expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(7), clientUpdatedAt: slightlyAhead }), 200);
    expect(trusted.clientUpdatedAt).toBe(slightlyAhead);
  });

  it('compares instants, not their spelling: 10:15+02:00 (08:15Z) is older than 08:30Z and is answered in UTC', async () => {
    const { kid, goal, session } = await scoredStudent();
    const body = { clientId: kid.id, goalId: goal.id };
    const first = expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(1), clientUpdatedAt: '2031-05-05T10:00:00+02:00' }), 200);
    expect(first.clientUpdatedAt).toBe('2031-05-05T08:00:00.000Z');
    expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(2), clientUpdatedAt: '2031-05-05T08:30:00Z' }), 200);
    // As text "2031-05-05T10:15…" sorts after "2031-05-05T08:30…"; as an instant it is older.
    const late = expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(3), clientUpdatedAt: '2031-05-05T10:15:00+02:00' }), 200);
    expect(late).toMatchObject({ totalAttempts: 2, clientUpdatedAt: '2031-05-05T08:30:00.000Z' });
  });

  it('10 rounds of 5 saves (1 to 5 trials at 9:01 to 9:05) sent in parallel in shuffled order: the 9:05 state of 5 trials is always what stays', async () => {
    const { kid, goal } = await scoredStudent();
    for (let round = 0; round < 10; round++) {
      const session = await schedule(owner.agent, [kid.id], nextSlot());
      // A different shuffle each round, the newest first in the first round.
      const order = [1, 2, 3, 4, 5].sort((a, b) => ((a * 7 + round * 3) % 5) - ((b * 7 + round * 3) % 5));
      if (round === 0) order.sort((a, b) => b - a);
      const answers = await Promise.all(
        order.map((n) => saveTrials(n % 2 ? owner.agent : slp.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(n), clientUpdatedAt: at(n) })),
      );
      for (const [i, res] of answers.entries()) {
        const body = expectStatus(res, 200);
        // Each answer is its own state or a newer one, never an older one.
        expect(body.clientUpdatedAt >= at(order[i]!)).toBe(true);
        expect(body.totalAttempts).toBe(Number(body.clientUpdatedAt.slice(14, 16)));
      }
      const [row] = await progressOf(owner.agent, session.id);
      expect(row, `round ${round}, order ${order.join(',')}`).toMatchObject({ totalAttempts: 5, trials: trialsOf(5), clientUpdatedAt: at(5) });
    }
  });

  it('audits per the coalescing rule: one entry for a first save, none for a replay or the same user within 15 minutes, one for another user', async () => {
    const { kid, goal, session } = await scoredStudent();
    const body = { clientId: kid.id, goalId: goal.id, trials: trialsOf(2), clientUpdatedAt: at(1) };
    expectStatus(await saveTrials(owner.agent, session.id, body), 200);
    expectStatus(await saveTrials(owner.agent, session.id, body), 200);
    expectStatus(await saveTrials(owner.agent, session.id, { ...body, trials: trialsOf(3), clientUpdatedAt: at(2) }), 200);
    expectStatus(await saveTrials(slp.agent, session.id, { ...body, trials: trialsOf(4), clientUpdatedAt: at(3) }), 200);
    // An older replay by a third hand writes nothing, so records nothing.
    expectStatus(await saveTrials(owner.agent, session.id, { ...body, clientUpdatedAt: at(0) }), 200);
    const events = (await recentAudit(accountId, { limit: 200 })).filter((e) => e.entityId === session.id && e.action.startsWith('progress.'));
    expect(events.map((e) => [e.action, e.actorId]).sort()).toEqual(
      [
        ['progress.created', owner.id],
        ['progress.updated', slp.id],
      ].sort(),
    );
    // Ids only: no client name or trial in the entry.
    expect(JSON.stringify(events)).not.toContain('Ava');
  });
});

describe('the count form beside the trials', () => {
  it('replaces a trials row with counts only (no trials, no clientUpdatedAt), after which any trials save is newer', async () => {
    const { kid, goal, session } = await scoredStudent();
    expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(4), clientUpdatedAt: at(30) }), 200);
    const counts = expectStatus(await owner.agent.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 6, totalAttempts: 8, notes: 'Counted by hand' }), 200);
    expect(counts).toEqual({ id: `${session.id}:${goal.id}`, goalId: goal.id, clientId: kid.id, sessionId: session.id, successfulAttempts: 6, totalAttempts: 8, notes: 'Counted by hand', recordedAt: session.scheduledAt });
    const raw = await storedRow(session.id, goal.id);
    for (const attribute of ['trials', 'clientUpdatedAt', 'cueCounts', 'correctByCue', 'independentCorrect']) expect(raw).not.toHaveProperty(attribute);
    // A counts-only row has no device time: trials from earlier than the first save still land, keeping the row's notes.
    const again = expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(3), clientUpdatedAt: at(10) }), 200);
    expect(again).toMatchObject({ totalAttempts: 3, successfulAttempts: 2, notes: 'Counted by hand', clientUpdatedAt: at(10) });
  });
});

describe('a rescheduled session', () => {
  it('moves the row to the new time with its trials', async () => {
    const { kid, goal, session } = await scoredStudent();
    const trials = [t(true, 'model'), t(false, 'verbal'), t(true, 'independent')];
    expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials, clientUpdatedAt: at(1) }), 200);
    const later = new Date(Date.parse(session.scheduledAt) + 86_400_000).toISOString();
    expectStatus(await owner.agent.put(`/api/sessions/${session.id}`, { type: 'therapy', clientIds: [kid.id], scheduledAt: later, duration: 30, status: 'scheduled' }), 200);
    const [row] = await progressOf(owner.agent, session.id);
    expect(row).toMatchObject({ recordedAt: later, trials, successfulAttempts: 2, totalAttempts: 3, independentCorrect: 1, cueCounts: { independent: 1, verbal: 1, model: 1 }, clientUpdatedAt: at(1) });
    expect((await storedRow(session.id, goal.id))!.GSI1SK).toBe(keys.progressIndex(accountId, kid.id, session.id, goal.id, later).GSI1SK);
    // The next tap saves over the moved row, at the new time.
    expectStatus(await saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: [...trials, t(true, 'independent')], clientUpdatedAt: at(2) }), 200);
    expect(await storedRow(session.id, goal.id)).toMatchObject({ recordedAt: later, totalAttempts: 4, GSI1SK: keys.progressIndex(accountId, kid.id, session.id, goal.id, later).GSI1SK });
  });
});

describe('refusals', () => {
  it("a goal of another client is 400 (the body's clientId must be the goal's), as is a goal whose client is not in the session", async () => {
    const [ava, ben, cal] = await Promise.all([client('Ava'), client('Ben'), client('Cal')]);
    const [avaGoal, calGoal] = await Promise.all([addGoal(owner.agent, ava.id), addGoal(owner.agent, cal.id)]);
    const s = await schedule(owner.agent, [ava.id, ben.id], nextSlot());
    const mismatch = await saveTrials(owner.agent, s.id, { clientId: ben.id, goalId: avaGoal.id, trials: trialsOf(2), clientUpdatedAt: at(1) });
    expectRefused(mismatch, 400, GOAL_OF_ANOTHER_CLIENT);
    expect(mismatch.body.errors).toEqual([{ path: 'goalId', message: GOAL_OF_ANOTHER_CLIENT }]);
    expectRefused(await saveTrials(owner.agent, s.id, { clientId: cal.id, goalId: calGoal.id, trials: trialsOf(2), clientUpdatedAt: at(1) }), 400, 'This goal belongs to a client who is not in this session');
    expect(await progressOf(owner.agent, s.id)).toEqual([]);
  });

  it("is 409 with the spec's words for a student marked absent or canceled, trials and counts alike, storing nothing; open again once present", async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const [avaGoal, benGoal] = await Promise.all([addGoal(owner.agent, ava.id), addGoal(owner.agent, ben.id)]);
    const s = await schedule(owner.agent, [ava.id, ben.id], nextSlot());
    const mark = async (clientId: string, status: string) => expectStatus(await owner.agent.patch(`/api/sessions/${s.id}/participants/${clientId}`, { status, ...(status === 'canceled' ? { cancelReason: 'other' } : {}) }), 200);
    await mark(ava.id, 'absent');
    await mark(ben.id, 'canceled');
    for (const [kid, goal] of [[ava, avaGoal], [ben, benGoal]] as const) {
      expectRefused(await saveTrials(owner.agent, s.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(3), clientUpdatedAt: at(1) }), 409, NOT_PRESENT);
      expectRefused(await owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 1, totalAttempts: 2 }), 409, NOT_PRESENT);
    }
    expect(await progressOf(owner.agent, s.id)).toEqual([]);
    await mark(ava.id, 'present');
    expect(expectStatus(await saveTrials(owner.agent, s.id, { clientId: ava.id, goalId: avaGoal.id, trials: trialsOf(3), clientUpdatedAt: at(2) }), 200)).toMatchObject({ totalAttempts: 3 });
  });

  it('is 409 for a student marked absent after their trials were saved, keeping the saved trials; open again once present', async () => {
    const { kid, goal, session } = await scoredStudent();
    const save = (n: number, minute: number) => saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(n), clientUpdatedAt: at(minute) });
    expectStatus(await save(2, 1), 200);
    expectStatus(await save(3, 2), 200);
    expect(await storedRow(session.id, goal.id)).toMatchObject({ totalAttempts: 3, openForSaves: true });
    expectStatus(await owner.agent.patch(`/api/sessions/${session.id}/participants/${kid.id}`, { status: 'absent' }), 200);
    expect(await storedRow(session.id, goal.id)).not.toHaveProperty('openForSaves');
    expectRefused(await save(4, 3), 409, NOT_PRESENT);
    expectRefused(await owner.agent.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 1, totalAttempts: 2 }), 409, NOT_PRESENT);
    expect(await storedRow(session.id, goal.id)).toMatchObject({ totalAttempts: 3, clientUpdatedAt: at(2) });
    expectStatus(await owner.agent.patch(`/api/sessions/${session.id}/participants/${kid.id}`, { status: 'present' }), 200);
    expectStatus(await save(5, 4), 200);
    expect(await storedRow(session.id, goal.id)).toMatchObject({ totalAttempts: 5, openForSaves: true });
  });

  it('a trials save raced against marking the student absent 10 times: afterwards the row is closed and the next save is 409', async () => {
    for (let round = 0; round < 10; round++) {
      const { kid, goal, session } = await scoredStudent(`Race${round}`);
      const save = (n: number, minute: number) => saveTrials(owner.agent, session.id, { clientId: kid.id, goalId: goal.id, trials: trialsOf(n), clientUpdatedAt: at(minute) });
      expectStatus(await save(1, 1), 200);
      const [raced, marked] = await Promise.all([save(2, 2), owner.agent.patch(`/api/sessions/${session.id}/participants/${kid.id}`, { status: 'absent' })]);
      expect(marked.status).toBe(200);
      if (raced.status !== 200) expectRefused(raced, 409, NOT_PRESENT);
      expect(await storedRow(session.id, goal.id)).not.toHaveProperty('openForSaves');
      expectRefused(await save(3, 3), 409, NOT_PRESENT);
    }
  });

  it('another tenant and an unknown session or goal are 404, a user outside the school 404, a user without canEditSessions 403', async () => {
    const { kid, goal, session } = await scoredStudent();
    const body = { clientId: kid.id, goalId: goal.id, trials: trialsOf(2), clientUpdatedAt: at(1) };
    expectRefused(await saveTrials(stranger, session.id, body), 404);
    expectRefused(await saveTrials(owner.agent, randomUUID(), body), 404);
    expectRefused(await saveTrials(owner.agent, session.id, { ...body, goalId: randomUUID() }), 404);
    expectRefused(await saveTrials(otherSchoolSlp.agent, session.id, body), 404);
    expectRefused(await saveTrials(readOnly.agent, session.id, body), 403);
    expect(await storedRow(session.id, goal.id)).toBeUndefined();
  });

  it("is 409 with the spec's words once the client's note is signed, leaving the trials as signed; a replay of what was stored still answers 200; other clients stay open", async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const [avaGoal, benGoal] = await Promise.all([addGoal(owner.agent, ava.id), addGoal(owner.agent, ben.id)]);
    const s = await held(owner.agent, [ava.id, ben.id], heldSlot());
    const signedState = { clientId: ava.id, goalId: avaGoal.id, trials: trialsOf(4), clientUpdatedAt: at(1) };
    const stored = expectStatus(await saveTrials(owner.agent, s.id, signedState), 200);
    expectStatus(await owner.agent.post(`/api/sessions/${s.id}/sign`, { clientId: ava.id }), 200);

    expectRefused(await saveTrials(owner.agent, s.id, { ...signedState, trials: trialsOf(5), clientUpdatedAt: at(2) }), 409, SIGNED_NOTE);
    expect(SIGNED_NOTE).toBe('This session has a signed note. Add an addendum instead.');
    expect((await storedRow(s.id, avaGoal.id))!.trials).toEqual(trialsOf(4));
    // A device replaying the save that landed before the signature is told it is stored, not refused.
    expect(expectStatus(await saveTrials(slp.agent, s.id, signedState), 200)).toEqual({ ...stored, superseded: true });

    expectStatus(await saveTrials(owner.agent, s.id, { clientId: ben.id, goalId: benGoal.id, trials: trialsOf(2), clientUpdatedAt: at(3) }), 200);
  });

  it('a trials save raced against the signature 10 times is either inside the signed note or refused 409', async () => {
    const students = await Promise.all(Array.from({ length: 10 }, (_, i) => client(`Kid${i}`)));
    const goals = await Promise.all(students.map((c) => addGoal(owner.agent, c.id)));
    const s = await held(owner.agent, students.map((c) => c.id), heldSlot(), { providerId: slp.id });
    const outcomes = { inside: 0, refused: 0 };
    for (const [i, kid] of students.entries()) {
      const goalId = goals[i].id;
      expectStatus(await saveTrials(owner.agent, s.id, { clientId: kid.id, goalId, trials: trialsOf(1), clientUpdatedAt: at(1) }), 200);
      const [save, signature] = await Promise.all([
        saveTrials(owner.agent, s.id, { clientId: kid.id, goalId, trials: trialsOf(9), clientUpdatedAt: at(2) }),
        slp.agent.post(`/api/sessions/${s.id}/sign`, { clientId: kid.id }),
      ]);
      expect(signature.status, JSON.stringify(signature.body)).toBe(200);
      const row = await storedRow(s.id, goalId);
      if (save.status === 200) {
        expect(row).toMatchObject({ totalAttempts: 9, clientUpdatedAt: at(2) });
        outcomes.inside++;
      } else {
        expectRefused(save, 409, SIGNED_NOTE);
        expect(row).toMatchObject({ totalAttempts: 1, clientUpdatedAt: at(1) });
        outcomes.refused++;
      }
      // Whatever happened, the trials are locked now.
      expectRefused(await saveTrials(owner.agent, s.id, { clientId: kid.id, goalId, trials: trialsOf(3), clientUpdatedAt: at(3) }), 409, SIGNED_NOTE);
    }
    expect(outcomes.inside + outcomes.refused).toBe(10);
  });
});
