/**
 * A goal's baseline and structured criterion (spec part 3 §3) over the real handlers and DynamoDB
 * Local: stored and read back (cleared by a full edit without them), CRITERION_BOTH, and every goal
 * read (the goals list, the session's client goals, the create and update answers) carrying
 * recentAccuracy and criterionMet computed from the stored trials and counts: fewer sessions than
 * required, sessions without data in between, criterionMaxCue, counts-only rows, exact
 * comparison; the status never changes by itself; the session page's read is one newest-first
 * Query of the client's progress rows without their trials, paged only as far as the goals need
 * (the goal list reads the whole history with the same attributes, for its monitoring).
 */
import type { QueryCommandInput, QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRITERION_BOTH, type Trial } from '../../packages/contract/src/trials.ts';
import { db } from '../../packages/core/src/db.ts';
import type { ClientItem, OrganizationItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { addGoal, expectStatus, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putGoal, putOrganization, recordSession } from '../support/records.ts';

let accountId: string;
let owner: Agent;
let org: OrganizationItem;

const client = (firstName: string, fields: Partial<ClientItem> = {}) => putClient(accountId, { firstName, organizationId: org.id, ...fields });

let hour = 0;
/** Distinct, increasing session times: each new session is the newest. */
const nextSlot = () => new Date(Date.UTC(2031, 8, 1, 8) + hour++ * 3_600_000).toISOString();
let minute = 0;
const deviceTime = () => new Date(Date.UTC(2031, 8, 1, 7) + minute++ * 60_000).toISOString();

const t = (correct: boolean, cue: Trial['cue']): Trial => ({ correct, cue });
const repeat = (n: number, trial: Trial) => Array.from({ length: n }, () => trial);
/** `ok` correct of `total`, all independent. */
const score = (ok: number, total: number) => [...repeat(ok, t(true, 'independent')), ...repeat(total - ok, t(false, 'independent'))];

/** A new session of the client (the newest so far) with these trials for the goal. */
async function scoredSession(kid: { id: string }, goalId: string, trials: Trial[]) {
  const session = await schedule(owner, [kid.id], nextSlot());
  expectStatus(await owner.put(`/api/sessions/${session.id}/trials`, { clientId: kid.id, goalId, trials, clientUpdatedAt: deviceTime() }), 200);
  return session;
}

async function goalRead(clientId: string, goalId: string) {
  const goals = expectStatus(await owner.get(`/api/goals?clientId=${clientId}`), 200) as Record<string, any>[];
  return goals.find((g) => g.id === goalId)!;
}

const criterionGoal = (kid: { id: string }, extra: Record<string, unknown> = {}) => addGoal(owner, kid.id, { criterionAccuracy: 80, criterionSessions: 3, ...extra });

beforeAll(async () => {
  const o = await signUpOwner();
  accountId = o.user.accountId;
  owner = o.agent;
  org = await putOrganization(accountId, 'Alder Elementary');
}, 60_000);

describe('baseline and criterion fields', () => {
  it('are stored and read back; a status toggle keeps them; a full edit without them clears them', async () => {
    const kid = await client('Ava');
    const fields = { baseline: { accuracy: 20, date: '2031-08-15' }, criterionAccuracy: 80, criterionSessions: 3, criterionMaxCue: 'verbal' };
    const created = await addGoal(owner, kid.id, fields);
    expect(created).toMatchObject({ ...fields, criterionMet: false });
    expect(created).not.toHaveProperty('recentAccuracy');
    expect(await goalRead(kid.id, created.id)).toMatchObject(fields);

    const onHold = expectStatus(await owner.put(`/api/goals/${created.id}`, { status: 'on_hold' }), 200);
    expect(onHold).toMatchObject({ status: 'on_hold', ...fields });

    const edit = { name: 'Produce /r/ in phrases', type: 'articulation', description: '<p>Phrases</p>', targetCriteria: '80% accuracy' };
    const cleared = expectStatus(await owner.put(`/api/goals/${created.id}`, edit), 200);
    for (const field of Object.keys(fields)) expect(cleared).not.toHaveProperty(field);
    const reread = await goalRead(kid.id, created.id);
    for (const field of Object.keys(fields)) expect(reread).not.toHaveProperty(field);
    expect(reread.status).toBe('on_hold');
  });

  it(`refuse an accuracy without sessions, sessions without an accuracy and a highest cue level alone with "${CRITERION_BOTH}"; out-of-range values in words`, async () => {
    const kid = await client('Ben');
    for (const partial of [{ criterionAccuracy: 80 }, { criterionSessions: 3 }, { criterionMaxCue: 'verbal' }]) {
      const res = await owner.post('/api/goals', { clientId: kid.id, name: 'Goal', type: 'articulation', description: '<p>x</p>', targetCriteria: '80%', ...partial });
      expect(res.status, JSON.stringify(partial)).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'criterionSessions', message: CRITERION_BOTH }]);
    }
    const goal = await addGoal(owner, kid.id);
    const edit = { name: 'Goal', type: 'articulation', description: '<p>x</p>', targetCriteria: '80%' };
    expect((await owner.put(`/api/goals/${goal.id}`, { ...edit, criterionSessions: 2 })).body.message).toBe(CRITERION_BOTH);
    expect((await owner.put(`/api/goals/${goal.id}`, { ...edit, criterionAccuracy: 80, criterionSessions: 11 })).body.message).toBe('Consecutive sessions must be at most 10');
    expect((await owner.put(`/api/goals/${goal.id}`, { ...edit, criterionAccuracy: 0, criterionSessions: 1 })).body.message).toBe('Criterion accuracy must be at least 1');
    expect((await owner.put(`/api/goals/${goal.id}`, { ...edit, baseline: { accuracy: 101, date: '2031-08-15' } })).body.message).toBe('Baseline accuracy must be at most 100');
    expect(await goalRead(kid.id, goal.id)).not.toHaveProperty('criterionSessions');
  });
});

describe('recentAccuracy and criterionMet on every goal read', () => {
  it('"80% over 3": two sessions at 10/10 are fewer than required (not met, recent 100); a third at 8/10 meets it (recent 80), on every read, and the status stays active', async () => {
    const kid = await client('Cal');
    const goal = await criterionGoal(kid);
    await scoredSession(kid, goal.id, score(10, 10));
    const second = await scoredSession(kid, goal.id, score(10, 10));
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 100, criterionMet: false });

    const third = await scoredSession(kid, goal.id, score(8, 10));
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 80, criterionMet: true, status: 'active' });
    const sessionGoals = expectStatus(await owner.get(`/api/sessions/${third.id}/client-goals`), 200) as Record<string, any>[];
    expect(sessionGoals).toEqual([expect.objectContaining({ id: goal.id, recentAccuracy: 80, criterionMet: true, status: 'active' })]);
    // An earlier session's page reads the goal as it stands now, not as it stood then.
    expect(expectStatus(await owner.get(`/api/sessions/${second.id}/client-goals`), 200)[0]).toMatchObject({ criterionMet: true });

    // Marking it mastered is the clinician's step; the answer still carries the standing.
    const mastered = expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'mastered' }), 200);
    expect(mastered).toMatchObject({ status: 'mastered', recentAccuracy: 80, criterionMet: true });
  });

  it('skips sessions without data between two with data: 8/10, 0 trials, a session with no row, 9/10, 10/10 is met; a newest 7/10 breaks it (recent 70)', async () => {
    const kid = await client('Dee');
    const goal = await criterionGoal(kid);
    await scoredSession(kid, goal.id, score(8, 10));
    await scoredSession(kid, goal.id, []);
    await schedule(owner, [kid.id], nextSlot());
    await scoredSession(kid, goal.id, score(9, 10));
    await scoredSession(kid, goal.id, score(10, 10));
    // The newest session without data does not hide the last one with data either.
    await scoredSession(kid, goal.id, []);
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 100, criterionMet: true });

    await scoredSession(kid, goal.id, score(7, 10));
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 70, criterionMet: false });
    // The update answer reads the same rows.
    const edited = expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'on_hold' }), 200);
    expect(edited).toMatchObject({ recentAccuracy: 70, criterionMet: false });
  });

  it("criterionMaxCue 'verbal' does not count model-cued correct trials: 10/10 with 3 model-cued is 7 counted (not met at 80%, recent 70: the criterion's accuracy); with 2 model-cued it is 8 (met, recent 80)", async () => {
    const kid = await client('Eve');
    const goal = await criterionGoal(kid, { criterionMaxCue: 'verbal' });
    const session = (model: number) => [...repeat(5, t(true, 'independent')), ...repeat(5 - model, t(true, 'verbal')), ...repeat(model, t(true, 'model'))];
    for (let i = 0; i < 3; i++) await scoredSession(kid, goal.id, session(3));
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 70, criterionMet: false });
    for (let i = 0; i < 3; i++) await scoredSession(kid, goal.id, session(2));
    expect(await goalRead(kid.id, goal.id)).toMatchObject({ recentAccuracy: 80, criterionMet: true });

    // The same trials under 'independent' count only the 5 independent ones of 10.
    const strict = await criterionGoal(kid, { criterionMaxCue: 'independent', criterionAccuracy: 50 });
    for (let i = 0; i < 3; i++) await scoredSession(kid, strict.id, session(2));
    expect(await goalRead(kid.id, strict.id)).toMatchObject({ criterionMet: true });
    const stricter = expectStatus(await owner.put(`/api/goals/${strict.id}`, { name: 'x', type: 'articulation', description: '<p>x</p>', targetCriteria: '51%', criterionAccuracy: 51, criterionSessions: 3, criterionMaxCue: 'independent' }), 200);
    expect(stricter).toMatchObject({ recentAccuracy: 50, criterionMet: false });
  });

  it('a counts-only row cannot show cue levels: 10 of 10 typed in does not meet a criterion with a highest cue level, but meets one without', async () => {
    const kid = await client('Fay');
    const [cued, plain] = await Promise.all([criterionGoal(kid, { criterionMaxCue: 'physical' }), criterionGoal(kid)]);
    // Three sessions; in the middle one the cued goal was typed in as counts.
    for (const liveScored of [true, false, true]) {
      const s = await schedule(owner, [kid.id], nextSlot());
      const tenOfTen = { goalId: cued.id, successfulAttempts: 10, totalAttempts: 10 };
      if (liveScored) expectStatus(await owner.put(`/api/sessions/${s.id}/trials`, { clientId: kid.id, goalId: cued.id, trials: score(10, 10), clientUpdatedAt: deviceTime() }), 200);
      else expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, tenOfTen), 200);
      expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { ...tenOfTen, goalId: plain.id }), 200);
    }
    expect(await goalRead(kid.id, cued.id)).toMatchObject({ recentAccuracy: 100, criterionMet: false });
    expect(await goalRead(kid.id, plain.id)).toMatchObject({ recentAccuracy: 100, criterionMet: true });
  });

  it('compares exactly: 2 of 3 shows as 67 but does not meet 67%; 66% is met', async () => {
    const kid = await client('Gus');
    const [at67, at66] = await Promise.all([criterionGoal(kid, { criterionAccuracy: 67, criterionSessions: 1 }), criterionGoal(kid, { criterionAccuracy: 66, criterionSessions: 1 })]);
    const s = await scoredSession(kid, at67.id, score(2, 3));
    expectStatus(await owner.put(`/api/sessions/${s.id}/trials`, { clientId: kid.id, goalId: at66.id, trials: score(2, 3), clientUpdatedAt: deviceTime() }), 200);
    expect(await goalRead(kid.id, at67.id)).toMatchObject({ recentAccuracy: 67, criterionMet: false });
    expect(await goalRead(kid.id, at66.id)).toMatchObject({ recentAccuracy: 67, criterionMet: true });
  });
});

describe('the bounded read', () => {
  /** Counts the GSI1 Queries of progress rows a request makes and the rows they return. */
  async function observeProgressReads<T>(work: () => Promise<T>) {
    const reads: { input: QueryCommandInput; count: number }[] = [];
    const name = `progress-reads-${crypto.randomUUID()}`;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const input = (args as { input: QueryCommandInput }).input;
        if (context.commandName === 'QueryCommand' && input.IndexName === 'GSI1' && JSON.stringify(input.ExpressionAttributeValues).includes('"PROG#"')) {
          reads.push({ input, count: (result.output as QueryCommandOutput).Count ?? 0 });
        }
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      return { answer: await work(), reads };
    } finally {
      db().middlewareStack.remove(name);
    }
  }

  it('the session page reads the newest rows without trials or notes, only as far as each goal needs: 3 of 120 sessions for "80% over 3", and back to the oldest for a goal with data only there', async () => {
    const kid = await client('Hal');
    const steady = await putGoal(accountId, kid, { criterionAccuracy: 80, criterionSessions: 3 });
    const busy = await putGoal(accountId, kid, { name: 'Answer wh- questions' });
    const start = Date.UTC(2030, 0, 6, 9);
    const day = (n: number) => new Date(start + n * 86_400_000).toISOString();
    // 120 sessions: the steady goal at 9/10 in every one, the busy goal at 1/4 in every one.
    let newest = { id: '' };
    for (let i = 0; i < 120; i++) newest = await recordSession(accountId, kid, day(i), [[steady, 9, 10], [busy, 1, 4]]);
    const sessionGoals = async () => expectStatus(await owner.get(`/api/sessions/${newest.id}/client-goals`), 200) as Record<string, any>[];

    const { answer, reads } = await observeProgressReads(sessionGoals);
    expect(answer.find((g) => g.id === steady.id)).toMatchObject({ recentAccuracy: 90, criterionMet: true });
    expect(answer.find((g) => g.id === busy.id)).toMatchObject({ recentAccuracy: 25, criterionMet: false });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.input.ScanIndexForward).toBe(false);
    expect(Object.values(reads[0]!.input.ExpressionAttributeNames ?? {}).sort()).toEqual(['clientId', 'correctByCue', 'goalId', 'recordedAt', 'sessionId', 'successfulAttempts', 'totalAttempts']);
    // 3 sessions with data for one goal and 1 for the other: a first page of 10 of the 240 rows.
    expect(reads[0]!.count).toBeLessThanOrEqual(10);

    // A goal whose only session with data is the oldest: the read pages back to it, and no further is possible.
    const old = await putGoal(accountId, kid, { name: 'Follow directions' });
    await recordSession(accountId, kid, day(-1), [[old, 3, 4]]);
    const far = await observeProgressReads(sessionGoals);
    expect(far.answer.find((g) => g.id === old.id)).toMatchObject({ recentAccuracy: 75, criterionMet: false });
    expect(far.reads.reduce((n, r) => n + r.count, 0)).toBe(241);
    // Pages grow (10, 20, 40, … up to 200 rows): a handful of requests for 241 rows.
    expect(far.reads.length).toBeLessThanOrEqual(6);

    // The goal list answers each goal's progress monitoring (part 4 §7), a trend over all its
    // sessions: it reads the whole history, with the same attributes, in pages of 1,000 rows.
    const list = await observeProgressReads(async () => expectStatus(await owner.get(`/api/goals?clientId=${kid.id}`), 200) as Record<string, any>[]);
    expect(list.answer.find((g) => g.id === steady.id)).toMatchObject({ recentAccuracy: 90, criterionMet: true, monitoring: { sessions: 120 } });
    expect(list.answer.find((g) => g.id === old.id)).toMatchObject({ recentAccuracy: 75, criterionMet: false, monitoring: { sessions: 1 } });
    expect(list.reads).toHaveLength(1);
    expect(list.reads[0]!.count).toBe(241);
    expect(Object.values(list.reads[0]!.input.ExpressionAttributeNames ?? {}).sort()).toEqual(['clientId', 'correctByCue', 'goalId', 'recordedAt', 'sessionId', 'successfulAttempts', 'totalAttempts']);
  });
});
