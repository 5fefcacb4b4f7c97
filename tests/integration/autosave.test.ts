import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { accountSnapshot, addGoal, clinicianPermissions, expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

let owner: Agent;
let other: Agent;
let limited: Agent;
let readOnly: Agent;
let accountId: string;
let a1: ClientItem;
let a2: ClientItem;
let b1: ClientItem;
let foreign: ClientItem;

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  other = x.agent;
  accountId = o.user.accountId;
  const [orgA, orgB] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  [a1, a2, b1, foreign] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', organizationId: orgA.id }),
    putClient(accountId, { firstName: 'Ben', organizationId: orgA.id }),
    putClient(accountId, { firstName: 'Cleo', organizationId: orgB.id }),
    putClient(x.user.accountId, { firstName: 'Fay' }),
  ]);
  ({ agent: limited } = await signInChild(accountId, { ...clinicianPermissions, allowedOrganizationIds: [orgA.id] }));
  ({ agent: readOnly } = await signInChild(accountId, {}));
});

const docsOf = (sessionId: string) => queryPartition<Record<string, any>>({ pk: keys.sessionDocs(accountId, sessionId), consistent: true });

describe('session notes autosave', () => {
  it('upserts one note per (session, client): repeating a save changes nothing, the last save wins, and GET reads it', async () => {
    const s = await schedule(owner, [a1.id, a2.id], '2031-01-06T09:00:00.000Z');
    const first = expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>Good focus</p>' }), 200);
    expect(first).toMatchObject({ clientId: a1.id, notes: '<p>Good focus</p>' });
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>Good focus</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>Great focus</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a2.id, notes: '' }), 200);
    const notes = expectStatus(await owner.get(`/api/sessions/${s.id}/notes`), 200);
    expect(notes.map((n: { clientId: string; notes: string }) => [n.clientId, n.notes]).sort()).toEqual(
      [
        [a1.id, '<p>Great focus</p>'],
        [a2.id, ''],
      ].sort(),
    );
    expect(await docsOf(s.id)).toHaveLength(2);
  });

  it('sanitizes notes: scripts and handlers removed, formatting kept', async () => {
    const s = await schedule(owner, [a1.id], '2031-01-06T10:00:00.000Z');
    const html = '<p style="color: red; position: fixed">Said <strong>/r/</strong></p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>';
    const saved = expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: html }), 200);
    expect(saved.notes).toContain('<strong>/r/</strong>');
    expect(saved.notes).toContain('color: red');
    expect(saved.notes).not.toMatch(/script|alert|onerror|javascript|position/);
    const stored = await getRaw(keys.sessionNote(accountId, s.id, a1.id));
    expect(stored!.notes).toBe(saved.notes);
  });

  it('takes 20 concurrent saves of one note: all succeed, one row, the text of one of them', async () => {
    const s = await schedule(owner, [a1.id], '2031-01-06T11:00:00.000Z');
    const texts = Array.from({ length: 20 }, (_, i) => `<p>draft ${i}</p>`);
    const results = await Promise.all(texts.map((notes) => owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes })));
    expect(results.map((r) => r.status)).toEqual(texts.map(() => 200));
    const rows = await docsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(texts).toContain(rows[0]!.notes);
  });

  it('refuses clients outside the session, sessions of other accounts, hidden participants, and users without canEditSessions', async () => {
    const s = await schedule(owner, [a1.id, b1.id], '2031-01-06T12:00:00.000Z');
    const before = await accountSnapshot(accountId);
    const notIn = await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a2.id, notes: 'x' });
    expect(notIn.status).toBe(404);
    expect(notIn.body.message).toBe('Participant not found');
    expect((await owner.post(`/api/sessions/${s.id}/notes`, { clientId: foreign.id, notes: 'x' })).status).toBe(404);
    expect((await other.post(`/api/sessions/${s.id}/notes`, { clientId: foreign.id, notes: 'x' })).status).toBe(404);
    expect((await other.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: 'x' })).status).toBe(404);
    expect((await limited.post(`/api/sessions/${s.id}/notes`, { clientId: b1.id, notes: 'x' })).status).toBe(404);
    expect((await readOnly.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: 'x' })).status).toBe(403);
    expect((await owner.post(`/api/sessions/${crypto.randomUUID()}/notes`, { clientId: a1.id, notes: 'x' })).status).toBe(404);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('shows a limited user only the notes of participants they may see; other accounts get 404', async () => {
    const s = await schedule(owner, [a1.id, b1.id], '2031-01-06T13:00:00.000Z');
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>a</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: b1.id, notes: '<p>b</p>' }), 200);
    const seen = expectStatus(await limited.get(`/api/sessions/${s.id}/notes`), 200);
    expect(seen.map((n: { clientId: string }) => n.clientId)).toEqual([a1.id]);
    expect((await readOnly.get(`/api/sessions/${s.id}/notes`)).status).toBe(200);
    expect((await other.get(`/api/sessions/${s.id}/notes`)).status).toBe(404);
  });
});

describe('progress autosave', () => {
  it('upserts one row per (session, goal) recorded at the session\'s time and indexed by client and time', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-02-03T09:30:00.000Z');
    const body = { goalId: goal.id, successfulAttempts: 4, totalAttempts: 5, notes: '<p>cue<script>x()</script></p>' };
    const saved = expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, body), 200);
    expect(saved).toEqual({
      id: `${s.id}:${goal.id}`,
      goalId: goal.id,
      clientId: a1.id,
      sessionId: s.id,
      successfulAttempts: 4,
      totalAttempts: 5,
      notes: '<p>cue</p>',
      recordedAt: '2031-02-03T09:30:00.000Z',
    });
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, body), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { ...body, successfulAttempts: 5, notes: undefined }), 200);
    const rows = await docsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      successfulAttempts: 5,
      GSI1PK: keys.clientChildren(accountId, a1.id),
      GSI1SK: `PROG#2031-02-03T09:30:00.000Z#${goal.id}`,
      GSI2PK: keys.progressByTime(accountId),
      GSI2SK: `2031-02-03T09:30:00.000Z#${s.id}#${goal.id}`,
    });
    expect(rows[0]!.notes).toBeUndefined();
    const listed = expectStatus(await owner.get(`/api/sessions/${s.id}/progress`), 200);
    expect(listed).toEqual([expect.objectContaining({ goalId: goal.id, successfulAttempts: 5, totalAttempts: 5 })]);
  });

  it('takes 20 concurrent saves of one (session, goal): all succeed, exactly one row, values of one request', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-02-03T10:00:00.000Z');
    const bodies = Array.from({ length: 20 }, (_, i) => ({ goalId: goal.id, successfulAttempts: i, totalAttempts: 20 + i, notes: `<p>try ${i}</p>` }));
    const results = await Promise.all(bodies.map((b) => owner.post(`/api/sessions/${s.id}/progress`, b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const rows = await docsOf(s.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(bodies).toContainEqual({ goalId: goal.id, successfulAttempts: row.successfulAttempts, totalAttempts: row.totalAttempts, notes: row.notes });
  });

  it.each([
    [{ successfulAttempts: 6, totalAttempts: 5 }, 'Successful attempts cannot exceed total attempts'],
    [{ successfulAttempts: 0, totalAttempts: 0 }, 'Total attempts must be at least 1'],
    [{ successfulAttempts: -1, totalAttempts: 5 }, 'Successful attempts must be at least 0'],
    [{ successfulAttempts: 1.5, totalAttempts: 5 }, 'Successful attempts must be a whole number'],
    [{ successfulAttempts: '3', totalAttempts: 5 }, 'Successful attempts must be a number'],
    [{ successfulAttempts: 3 }, 'Total attempts must be a number'],
  ])('refuses attempts %j: %s', async (attempts, message) => {
    const res = await owner.post(`/api/sessions/${crypto.randomUUID()}/progress`, { goalId: crypto.randomUUID(), ...attempts });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('accepts 0 of 1', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-02-03T10:30:00.000Z');
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 0, totalAttempts: 1 }), 200);
  });

  it('refuses goals of clients outside the session, of other accounts, and hidden ones, writing nothing', async () => {
    const [goalA2, goalB1] = await Promise.all([addGoal(owner, a2.id), addGoal(owner, b1.id)]);
    const foreignGoal = await addGoal(other, (await putClient((await other.get('/api/user')).body.accountId)).id);
    const s = await schedule(owner, [a1.id, b1.id], '2031-02-03T11:00:00.000Z');
    const before = await accountSnapshot(accountId);
    const attempts = { successfulAttempts: 1, totalAttempts: 2 };
    const notIn = await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goalA2.id, ...attempts });
    expect(notIn.status).toBe(400);
    expect(notIn.body.message).toBe('This goal belongs to a client who is not in this session');
    expect((await owner.post(`/api/sessions/${s.id}/progress`, { goalId: foreignGoal.id, ...attempts })).status).toBe(404);
    expect((await other.post(`/api/sessions/${s.id}/progress`, { goalId: foreignGoal.id, ...attempts })).status).toBe(404);
    expect((await limited.post(`/api/sessions/${s.id}/progress`, { goalId: goalB1.id, ...attempts })).status).toBe(404);
    expect((await readOnly.post(`/api/sessions/${s.id}/progress`, { goalId: goalB1.id, ...attempts })).status).toBe(403);
    expect((await owner.post(`/api/sessions/${s.id}/progress`, { goalId: crypto.randomUUID(), ...attempts })).status).toBe(404);
    expect(await accountSnapshot(accountId)).toBe(before);
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goalB1.id, ...attempts }), 200);
    expect(expectStatus(await limited.get(`/api/sessions/${s.id}/progress`), 200)).toEqual([]);
  });

  it('moves progress rows with the session when it is rescheduled', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-03-03T09:00:00.000Z');
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 2, totalAttempts: 4 }), 200);
    const edit = { type: 'therapy', clientIds: [a1.id], scheduledAt: '2031-03-10T14:00:00.000Z', duration: 30, status: 'completed' };
    expectStatus(await owner.put(`/api/sessions/${s.id}`, edit), 200);
    const row = (await docsOf(s.id))[0]!;
    expect(row).toMatchObject({
      recordedAt: '2031-03-10T14:00:00.000Z',
      GSI1SK: `PROG#2031-03-10T14:00:00.000Z#${goal.id}`,
      GSI2SK: `2031-03-10T14:00:00.000Z#${s.id}#${goal.id}`,
    });
    const week = (from: string, to: string) => owner.get(`/api/progress?clientId=${a1.id}&from=${from}&to=${to}`);
    expect((await week('2031-03-02T00:00:00.000Z', '2031-03-09T00:00:00.000Z')).body).toEqual([]);
    expect((await week('2031-03-09T00:00:00.000Z', '2031-03-16T00:00:00.000Z')).body).toHaveLength(1);
    const saved = expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 3, totalAttempts: 4 }), 200);
    expect(saved.recordedAt).toBe('2031-03-10T14:00:00.000Z');
  });

  it('removes a participant\'s note and progress rows with the participant, and keeps the others\'', async () => {
    const [g1, g2] = await Promise.all([addGoal(owner, a1.id), addGoal(owner, a2.id)]);
    const s = await schedule(owner, [a1.id, a2.id], '2031-03-04T09:00:00.000Z');
    for (const [clientId, goalId] of [
      [a1.id, g1.id],
      [a2.id, g2.id],
    ]) {
      expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId, notes: '<p>n</p>' }), 200);
      expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId, successfulAttempts: 1, totalAttempts: 1 }), 200);
    }
    expectStatus(await owner.delete(`/api/sessions/${s.id}/participants/${a2.id}`), 200);
    const rows = await docsOf(s.id);
    expect(rows.map((r) => r.clientId)).toEqual([a1.id, a1.id]);
    expect((await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a2.id, notes: 'late' })).status).toBe(404);
  });

  it('answers 404 for saves to a deleted session and leaves nothing behind', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-03-05T09:00:00.000Z');
    expectStatus(await owner.delete(`/api/sessions/${s.id}`), 200);
    expect((await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 1, totalAttempts: 1 })).status).toBe(404);
    expect((await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: 'x' })).status).toBe(404);
    expect(await docsOf(s.id)).toEqual([]);
  });
});

describe('lost races', () => {
  /** Makes the next `times` transactions fail as if a concurrent request had changed their items. */
  function conflictNext(times: number) {
    let left = times;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && left-- > 0) {
          throw Object.assign(new Error('conflict'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });
        }
        return next(args);
      },
      { step: 'initialize', name: 'conflictInjector', override: true },
    );
  }
  afterEach(() => {
    db().middlewareStack.remove('conflictInjector');
  });

  it('retries an autosave that lost a race, so the save still lands', async () => {
    const s = await schedule(owner, [a1.id], '2031-04-07T09:00:00.000Z');
    conflictNext(3);
    const res = await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>after three conflicts</p>' });
    expect(res.status).toBe(200);
    expect((await docsOf(s.id))[0]!.notes).toBe('<p>after three conflicts</p>');
  });

  it('answers 409 and writes nothing when the record keeps changing', async () => {
    const s = await schedule(owner, [a1.id], '2031-04-07T10:00:00.000Z');
    conflictNext(1000);
    const res = await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>never</p>' });
    expect(res.status).toBe(409);
    db().middlewareStack.remove('conflictInjector');
    expect(await docsOf(s.id)).toEqual([]);
  });

  it('adds ten clients to one session at once without losing any', async () => {
    const org = await putOrganization(accountId, 'Cedar Clinic');
    const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => putClient(accountId, { firstName: `Kid${i}`, organizationId: org.id })));
    const s = await schedule(owner, [a1.id], '2031-04-07T11:00:00.000Z');
    const results = await Promise.all(clients.map((c) => owner.post(`/api/sessions/${s.id}/participants`, { clientId: c.id, status: 'scheduled' })));
    expect(results.map((r) => r.status)).toEqual(clients.map(() => 200));
    const full = expectStatus(await owner.get(`/api/sessions/${s.id}`), 200);
    expect(full.participants).toHaveLength(11);
    // The organization's day counter moved once, not once per concurrent add.
    const counters = await getRaw(keys.counters(accountId, `ORG#${org.id}#D#2031-04-07`));
    expect(counters?.n_1100).toBe(1);
  });
});
