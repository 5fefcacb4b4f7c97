import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { accountSnapshot, addGoal, clinicianPermissions, dayCounters, expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

let owner: Agent;
let other: Agent;
let limited: Agent;
let readOnly: Agent;
let accountId: string;
let otherAccountId: string;
let orgA: string;
let a1: ClientItem;
let a2: ClientItem;
let b1: ClientItem;
let inactive: ClientItem;
let archived: ClientItem;
let foreign: ClientItem;

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  other = x.agent;
  accountId = o.user.accountId;
  otherAccountId = x.user.accountId;
  const [oa, ob] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  orgA = oa.id;
  [a1, a2, b1, inactive, archived, foreign] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: orgA, gradeLevel: '3', diagnosis: 'Speech sound disorder' }),
    putClient(accountId, { firstName: 'Ben', lastInitial: 'K', organizationId: orgA }),
    putClient(accountId, { firstName: 'Cleo', lastInitial: 'R', organizationId: ob.id }),
    putClient(accountId, { firstName: 'Dev', lastInitial: 'S', organizationId: orgA, status: 'inactive' }),
    putClient(accountId, { firstName: 'Eve', lastInitial: 'T', organizationId: orgA, archivedAt: '2024-02-01T00:00:00.000Z' }),
    putClient(otherAccountId, { firstName: 'Fay', lastInitial: 'U' }),
  ]);
  ({ agent: limited } = await signInChild(accountId, { ...clinicianPermissions, allowedOrganizationIds: [orgA] }));
  ({ agent: readOnly } = await signInChild(accountId, { allowedOrganizationIds: [orgA] }));
});

const docsOf = (sessionId: string) => queryPartition({ pk: keys.sessionDocs(accountId, sessionId), consistent: true });

describe('scheduling a session', () => {
  it('answers 201 with participants, sessionParticipants and the first client, stores UTC, and counts it', async () => {
    const at = '2031-01-06T10:00:00-05:00';
    const res = await owner.post('/api/sessions', { type: 'evaluation', clientIds: [a1.id, a2.id], scheduledAt: at, duration: 45, notes: ' Bring cards ' });
    const s = expectStatus(res, 201);
    expect(s).toMatchObject({
      type: 'evaluation',
      status: 'scheduled',
      scheduledAt: '2031-01-06T15:00:00.000Z',
      duration: 45,
      notes: 'Bring cards',
      client: { id: a1.id, firstName: 'Ava', lastInitial: 'M' },
    });
    expect(s.participants).toEqual([
      { id: a1.id, firstName: 'Ava', lastInitial: 'M' },
      { id: a2.id, firstName: 'Ben', lastInitial: 'K' },
    ]);
    expect(s.sessionParticipants[0]).toEqual({
      clientId: a1.id,
      client: { id: a1.id, firstName: 'Ava', lastInitial: 'M', gradeLevel: '3', diagnosis: 'Speech sound disorder' },
      status: 'scheduled',
    });
    expect(JSON.stringify(s)).not.toMatch(/PK|accountId|version|organizationId/);
    expect((await dayCounters(accountId, '2031-01-06'))?.n_1500).toBe(1);
    const audit = await queryPartition<{ action: string; summary: string; entityId: string }>({ pk: keys.auditPartition(accountId), consistent: true });
    const created = audit.find((e) => e.entityId === s.id)!;
    expect(created.action).toBe('session.created');
    expect(created.summary).not.toMatch(/Ava|Ben|Bring/);
  });

  it('defaults the type to therapy and the duration to 30, and accepts 5 and 240 minutes', async () => {
    const s = expectStatus(await owner.post('/api/sessions', { clientIds: [a1.id], scheduledAt: '2031-01-07T09:00:00.000Z' }), 201);
    expect(s).toMatchObject({ type: 'therapy', duration: 30 });
    expect(s.notes).toBeUndefined();
    for (const duration of [5, 240]) expectStatus(await owner.post('/api/sessions', { clientIds: [a1.id], scheduledAt: '2031-01-07T09:00:00.000Z', duration }), 201);
  });

  it.each([
    [{ scheduledAt: '2031-01-07T09:00:00.000Z' }, 'Please select at least one client'],
    [{ clientIds: [], scheduledAt: '2031-01-07T09:00:00.000Z' }, 'Please select at least one client'],
    [{ clientIds: ['CLIENT'] }, 'Please select a date and time'],
    [{ clientIds: ['CLIENT'], scheduledAt: '' }, 'Please select a date and time'],
    [{ clientIds: ['CLIENT'], scheduledAt: '2031-01-07T09:00:00.000Z', duration: 4 }, 'Duration must be at least 5 minutes'],
    [{ clientIds: ['CLIENT'], scheduledAt: '2031-01-07T09:00:00.000Z', duration: 241 }, 'Duration must be at most 240 minutes'],
    [{ clientIds: ['CLIENT'], scheduledAt: '2031-01-07T09:00:00.000Z', type: 'party' }, undefined],
  ])('refuses %j with a 400 and the spec message', async (body, message) => {
    const withIds = JSON.parse(JSON.stringify(body).replaceAll('CLIENT', a1.id));
    const res = await owner.post('/api/sessions', withIds);
    expect(res.status).toBe(400);
    if (message) expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses inactive, archived, hidden and other accounts\' clients and writes nothing', async () => {
    const before = await accountSnapshot(accountId);
    const at = '2031-01-08T09:00:00.000Z';
    const inactiveRes = await owner.post('/api/sessions', { clientIds: [a1.id, inactive.id], scheduledAt: at });
    expect(inactiveRes.status).toBe(400);
    expect(inactiveRes.body.message).toBe('Only active clients can be scheduled');
    expect((await owner.post('/api/sessions', { clientIds: [archived.id], scheduledAt: at })).status).toBe(400);
    const foreignRes = await owner.post('/api/sessions', { clientIds: [a1.id, foreign.id], scheduledAt: at });
    expect(foreignRes.status).toBe(404);
    expect(foreignRes.body.message).toBe('Client not found');
    expect((await limited.post('/api/sessions', { clientIds: [a1.id, b1.id], scheduledAt: at })).status).toBe(404);
    expect((await owner.post('/api/sessions', { clientIds: [crypto.randomUUID()], scheduledAt: at })).status).toBe(404);
    expect(await accountSnapshot(accountId)).toBe(before);
    expect(await dayCounters(accountId, at)).toBeUndefined();
  });

  it('needs canCreateSessions', async () => {
    const res = await readOnly.post('/api/sessions', { clientIds: [a1.id], scheduledAt: '2031-01-08T09:00:00.000Z' });
    expect(res.status).toBe(403);
  });
});

describe('reading sessions', () => {
  let mixed: { id: string };
  let hiddenOnly: { id: string };

  beforeAll(async () => {
    [mixed, hiddenOnly] = await Promise.all([
      schedule(owner, [a1.id, b1.id], '2031-02-03T09:00:00.000Z'),
      schedule(owner, [b1.id], '2031-02-03T10:00:00.000Z'),
    ]);
  });

  it('answers one session with its participants; 404 for unknown ids and other accounts', async () => {
    const s = expectStatus(await owner.get(`/api/sessions/${mixed.id}`), 200);
    expect(s.participants.map((p: { id: string }) => p.id).sort()).toEqual([a1.id, b1.id].sort());
    expect((await owner.get(`/api/sessions/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await owner.get('/api/sessions/not-a-uuid')).status).toBe(404);
    const foreignRead = await other.get(`/api/sessions/${mixed.id}`);
    expect(foreignRead.status).toBe(404);
    expect(foreignRead.body.message).toBe('Session not found');
  });

  it('shows a limited user only the participants inside their organizations, and hides sessions with none', async () => {
    const s = expectStatus(await limited.get(`/api/sessions/${mixed.id}`), 200);
    expect(s.participants).toEqual([{ id: a1.id, firstName: 'Ava', lastInitial: 'M' }]);
    expect(s.sessionParticipants).toHaveLength(1);
    expect(JSON.stringify(s)).not.toContain('Cleo');
    expect((await limited.get(`/api/sessions/${hiddenOnly.id}`)).status).toBe(404);
    const list = expectStatus(await limited.get('/api/sessions?from=2031-02-02T00:00:00.000Z&to=2031-02-09T00:00:00.000Z'), 200);
    expect(list.map((x: { id: string }) => x.id)).toEqual([mixed.id]);
    expect(JSON.stringify(list)).not.toContain('Cleo');
    const ownerList = expectStatus(await owner.get('/api/sessions?from=2031-02-02T00:00:00.000Z&to=2031-02-09T00:00:00.000Z'), 200);
    expect(ownerList.map((x: { id: string }) => x.id)).toEqual([mixed.id, hiddenOnly.id]);
  });

  it('lists exactly the sessions in [from, to), oldest first, whatever the offset the bounds are written in', async () => {
    const from = '2031-03-03T00:00:00.000Z';
    const to = '2031-03-10T00:00:00.000Z';
    const [before, atFrom, inside, lastMs, atTo] = await Promise.all(
      ['2031-03-02T23:59:59.999Z', from, '2031-03-05T12:30:00.000Z', '2031-03-09T23:59:59.999Z', to].map((t) => schedule(owner, [a1.id], t)),
    );
    const ids = (body: { id: string }[]) => body.map((x) => x.id);
    const week = expectStatus(await owner.get(`/api/sessions?from=${from}&to=${to}`), 200);
    expect(ids(week)).toEqual([atFrom.id, inside.id, lastMs.id]);
    const offset = expectStatus(await owner.get(`/api/sessions?from=${encodeURIComponent('2031-03-02T19:00:00-05:00')}&to=${encodeURIComponent('2031-03-09T19:00:00-05:00')}`), 200);
    expect(ids(offset)).toEqual(ids(week));
    expect(ids(week)).not.toContain(before.id);
    expect(ids(week)).not.toContain(atTo.id);
    // Only `from`: the 180 days after it.
    const onlyFrom = expectStatus(await owner.get(`/api/sessions?from=${to}`), 200);
    expect(ids(onlyFrom)[0]).toBe(atTo.id);
  });

  it('without a range lists 90 days back to 90 days ahead', async () => {
    const day = 86_400_000;
    const [soon, far, past, longAgo] = await Promise.all(
      [Date.now() + day, Date.now() + 91 * day, Date.now() - 89 * day, Date.now() - 91 * day].map((t) => schedule(owner, [a2.id], new Date(t).toISOString())),
    );
    const ids = (expectStatus(await owner.get('/api/sessions'), 200) as { id: string }[]).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([soon.id, past.id]));
    expect(ids).not.toContain(far.id);
    expect(ids).not.toContain(longAgo.id);
  });

  it('refuses a reversed or too long range', async () => {
    const reversed = await owner.get('/api/sessions?from=2031-03-10T00:00:00.000Z&to=2031-03-03T00:00:00.000Z');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('from must be before to');
    const long = await owner.get('/api/sessions?from=2030-01-01T00:00:00.000Z&to=2031-01-03T00:00:00.000Z');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The date range can be at most 366 days');
  });
});

describe('editing a session', () => {
  it('replaces the participants, keeps kept participants\' statuses, drops removed ones\' documentation, and moves the counters', async () => {
    const s = await schedule(owner, [a1.id, a2.id], '2031-04-07T09:00:00.000Z');
    expectStatus(await owner.patch(`/api/sessions/${s.id}/participants/${a1.id}`, { status: 'present' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a2.id, notes: '<p>Ben</p>' }), 200);
    const res = await owner.put(`/api/sessions/${s.id}`, {
      type: 'consultation',
      clientIds: [a1.id, b1.id],
      scheduledAt: '2031-04-08T13:30:00.000Z',
      duration: 60,
      notes: '',
      status: 'completed',
    });
    const updated = expectStatus(res, 200);
    expect(updated).toMatchObject({ type: 'consultation', status: 'completed', duration: 60, scheduledAt: '2031-04-08T13:30:00.000Z' });
    expect(updated.notes).toBeUndefined();
    const statuses = Object.fromEntries(updated.sessionParticipants.map((p: { clientId: string; status: string }) => [p.clientId, p.status]));
    expect(statuses).toEqual({ [a1.id]: 'present', [b1.id]: 'scheduled' });
    expect(await docsOf(s.id)).toEqual([]);
    expect((await dayCounters(accountId, '2031-04-07'))?.n_0900).toBe(0);
    expect(await dayCounters(accountId, '2031-04-08')).toMatchObject({ n_1330: 1, c_1330: 1 });
    const canceled = await owner.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [a1.id, b1.id], scheduledAt: '2031-04-08T13:30:00.000Z', duration: 60, status: 'canceled', cancelReason: 'other' });
    expectStatus(canceled, 200);
    expect(await dayCounters(accountId, '2031-04-08')).toMatchObject({ n_1330: 1, c_1330: 0, x_1330: 1 });
  });

  it('keeps participants a limited user cannot see when that user edits the session', async () => {
    const s = await schedule(owner, [a1.id, b1.id], '2031-04-09T09:00:00.000Z');
    const res = await limited.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [a2.id], scheduledAt: '2031-04-09T10:00:00.000Z', duration: 30, status: 'scheduled' });
    const seen = expectStatus(res, 200);
    expect(seen.participants.map((p: { id: string }) => p.id)).toEqual([a2.id]);
    const full = expectStatus(await owner.get(`/api/sessions/${s.id}`), 200);
    expect(full.participants.map((p: { id: string }) => p.id).sort()).toEqual([a2.id, b1.id].sort());
  });

  it('validates like scheduling, needs a status, and refuses what the user may not do with nothing changed', async () => {
    const s = await schedule(owner, [a1.id], '2031-04-10T09:00:00.000Z');
    const before = await accountSnapshot(accountId);
    const body = { type: 'therapy', clientIds: [a1.id], scheduledAt: '2031-04-10T09:00:00.000Z', duration: 30 };
    expect((await owner.put(`/api/sessions/${s.id}`, body)).body.message).toBe('Status is required');
    expect((await owner.put(`/api/sessions/${s.id}`, { ...body, status: 'scheduled', duration: 241 })).body.message).toBe('Duration must be at most 240 minutes');
    expect((await owner.put(`/api/sessions/${s.id}`, { ...body, status: 'scheduled', clientIds: [] })).body.message).toBe('Please select at least one client');
    expect((await owner.put(`/api/sessions/${s.id}`, { ...body, status: 'scheduled', clientIds: [inactive.id] })).status).toBe(400);
    expect((await owner.put(`/api/sessions/${s.id}`, { ...body, status: 'scheduled', clientIds: [foreign.id] })).status).toBe(404);
    expect((await other.put(`/api/sessions/${s.id}`, { ...body, clientIds: [foreign.id], status: 'completed' })).status).toBe(404);
    expect((await readOnly.put(`/api/sessions/${s.id}`, { ...body, status: 'completed' })).status).toBe(403);
    expect((await owner.put(`/api/sessions/${crypto.randomUUID()}`, { ...body, status: 'completed' })).status).toBe(404);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('lets a client who became inactive stay in a session being edited', async () => {
    const c = await putClient(accountId, { firstName: 'Gus', lastInitial: 'V', organizationId: orgA });
    const s = await schedule(owner, [c.id], '2031-04-11T09:00:00.000Z');
    await putClient(accountId, { ...c, status: 'discharged' });
    const res = await owner.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [c.id], scheduledAt: '2031-04-11T09:00:00.000Z', duration: 30, status: 'completed' });
    expect(res.status).toBe(200);
  });
});

describe('deleting a session', () => {
  it('removes the session with its notes and progress rows, and its counts', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id, a2.id], '2031-05-05T09:00:00.000Z');
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a1.id, notes: '<p>n1</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: a2.id, notes: '<p>n2</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 3, totalAttempts: 5 }), 200);
    expect(await docsOf(s.id)).toHaveLength(3);

    expect((await other.delete(`/api/sessions/${s.id}`)).status).toBe(404);
    expect((await readOnly.delete(`/api/sessions/${s.id}`)).status).toBe(403);
    expect(await docsOf(s.id)).toHaveLength(3);

    expect(expectStatus(await owner.delete(`/api/sessions/${s.id}`), 200)).toEqual({ ok: true });
    expect(await docsOf(s.id)).toEqual([]);
    expect(await getRaw(keys.session(accountId, s.id))).toBeUndefined();
    expect((await owner.get(`/api/sessions/${s.id}`)).status).toBe(404);
    expect((await owner.get(`/api/progress?clientId=${a1.id}&from=2031-05-01T00:00:00.000Z&to=2031-05-10T00:00:00.000Z`)).body).toEqual([]);
    expect((await dayCounters(accountId, '2031-05-05'))?.n_0900).toBe(0);
    expect((await owner.delete(`/api/sessions/${s.id}`)).status).toBe(404);
  });

  it('refuses a limited user a session that has clients outside their organizations', async () => {
    const s = await schedule(owner, [a1.id, b1.id], '2031-05-06T09:00:00.000Z');
    const res = await limited.delete(`/api/sessions/${s.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This session includes clients outside your organizations');
    expect(await getRaw(keys.session(accountId, s.id))).toBeDefined();
    const own = await schedule(limited, [a1.id], '2031-05-06T10:00:00.000Z');
    expect((await limited.delete(`/api/sessions/${own.id}`)).status).toBe(200);
  });
});

describe('participants', () => {
  it('adds a client (409 when already there), changes a status, removes a client, and answers the session each time', async () => {
    const s = await schedule(owner, [a1.id], '2031-06-02T09:00:00.000Z');
    const added = expectStatus(await owner.post(`/api/sessions/${s.id}/participants`, { clientId: a2.id, status: 'scheduled' }), 200);
    expect(added.participants.map((p: { id: string }) => p.id)).toEqual([a1.id, a2.id]);
    const again = await owner.post(`/api/sessions/${s.id}/participants`, { clientId: a2.id, status: 'scheduled' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This client is already in the session');

    const patched = expectStatus(await owner.patch(`/api/sessions/${s.id}/participants/${a2.id}`, { status: 'absent' }), 200);
    expect(patched.sessionParticipants.find((p: { clientId: string }) => p.clientId === a2.id).status).toBe('absent');
    expect((await owner.patch(`/api/sessions/${s.id}/participants/${a2.id}`, { status: 'late' })).body.message).toBe('Choose a status');

    const removed = expectStatus(await owner.delete(`/api/sessions/${s.id}/participants/${a2.id}`), 200);
    expect(removed.participants.map((p: { id: string }) => p.id)).toEqual([a1.id]);
    const last = await owner.delete(`/api/sessions/${s.id}/participants/${a1.id}`);
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('A session needs at least one client');
    expect((await owner.delete(`/api/sessions/${s.id}/participants/${a2.id}`)).status).toBe(404);
    expect((await owner.patch(`/api/sessions/${s.id}/participants/${a2.id}`, { status: 'present' })).status).toBe(404);
  });

  it('adds only active clients the user may see, of the same account', async () => {
    const s = await schedule(owner, [a1.id], '2031-06-03T09:00:00.000Z');
    const before = await accountSnapshot(accountId);
    expect((await owner.post(`/api/sessions/${s.id}/participants`, { clientId: inactive.id })).status).toBe(400);
    expect((await owner.post(`/api/sessions/${s.id}/participants`, { clientId: archived.id })).body.message).toBe('Only active clients can be scheduled');
    expect((await owner.post(`/api/sessions/${s.id}/participants`, { clientId: foreign.id })).status).toBe(404);
    expect((await limited.post(`/api/sessions/${s.id}/participants`, { clientId: b1.id })).status).toBe(404);
    expect((await other.post(`/api/sessions/${s.id}/participants`, { clientId: foreign.id })).status).toBe(404);
    expect((await readOnly.post(`/api/sessions/${s.id}/participants`, { clientId: a2.id })).status).toBe(403);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('does not let a limited user touch a participant outside their organizations', async () => {
    const s = await schedule(owner, [a1.id, b1.id], '2031-06-04T09:00:00.000Z');
    expect((await limited.patch(`/api/sessions/${s.id}/participants/${b1.id}`, { status: 'present' })).status).toBe(404);
    expect((await limited.delete(`/api/sessions/${s.id}/participants/${b1.id}`)).status).toBe(404);
    const last = await limited.delete(`/api/sessions/${s.id}/participants/${a1.id}`);
    expect(last.body.message).toBe('A session needs at least one client');
  });
});
