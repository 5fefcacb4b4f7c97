/**
 * The minutes ledger over the real handlers: after every session and participant action the
 * stored attended sessions and make-ups equal what the sessions say, including a 30-student group
 * moved while completed (the largest transaction), a parallel burst of status changes, and the
 * backfill for sessions written before the ledger.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import { MINUTES_LEDGER_MIGRATION, backfillMinutesLedger, migrateMinutesLedger } from '../../packages/core/src/minutes/migrate-ledger.ts';
import { keys, operatorKeys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { TOO_LARGE_MESSAGE } from '../../packages/core/src/sessions/repo.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { ledgerFromSessions, storedLedger, storedSessions, withoutSettlements } from '../support/ledger.ts';
import { putClient, putOrganization, putSession } from '../support/records.ts';

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  const o = await signUpOwner();
  owner = o.agent;
  accountId = o.user.accountId;
});

/** Wednesday 16 September 2026, 10:00 in New York (the default zone of an account). */
const WEDNESDAY_10AM = '2026-09-16T14:00:00.000Z';
const THURSDAY_10AM = '2026-09-17T14:00:00.000Z';

const put = (id: string, clientIds: string[], fields: Record<string, unknown>) =>
  owner.put(`/api/sessions/${id}`, { type: 'therapy', clientIds, scheduledAt: WEDNESDAY_10AM, duration: 30, status: 'scheduled', ...fields });
/** A participation canceled here is one the provider called off: it owes a make-up (part 4 §1.3). */
const mark = (sessionId: string, clientId: string, status: string) =>
  owner.patch(`/api/sessions/${sessionId}/participants/${clientId}`, { status, ...(status === 'canceled' ? { cancelReason: 'provider_unavailable' } : {}) });
const days = async (clientId: string) => (await storedLedger(accountId, clientId)).days;
const makeups = async (clientId: string) => (await storedLedger(accountId, clientId)).makeups;

describe('the ledger after each session action', () => {
  it('completing a 30-minute session with Ava present and Ben absent gives Ava 30 on Wednesday, Ben nothing', async () => {
    const [ava, ben] = await Promise.all([putClient(accountId), putClient(accountId, { firstName: 'Ben' })]);
    const s = await schedule(owner, [ava.id, ben.id], WEDNESDAY_10AM);
    expectStatus(await mark(s.id, ava.id, 'present'), 200);
    expectStatus(await mark(s.id, ben.id, 'absent'), 200);
    // Present in a session not yet completed delivers nothing.
    expect(await days(ava.id)).toEqual({});

    expectStatus(await put(s.id, [ava.id, ben.id], { status: 'completed' }), 200);
    expect(await days(ava.id)).toEqual({ '2026-09-16': 30 });
    expect(await storedLedger(accountId, ben.id)).toEqual({ days: {}, makeups: {} });

    // Ben turns out present after all: his 30 follow; Ava absent: hers go.
    expectStatus(await mark(s.id, ben.id, 'present'), 200);
    expectStatus(await mark(s.id, ava.id, 'absent'), 200);
    expect([await days(ava.id), await days(ben.id)]).toEqual([{}, { '2026-09-16': 30 }]);
  });

  it('a completed session lengthened from 30 to 45 minutes, moved to Thursday, then canceled: 45 Wednesday, 45 Thursday, then nothing', async () => {
    const ava = await putClient(accountId);
    const s = await schedule(owner, [ava.id], WEDNESDAY_10AM);
    expectStatus(await mark(s.id, ava.id, 'present'), 200);
    expectStatus(await put(s.id, [ava.id], { status: 'completed' }), 200);
    expectStatus(await put(s.id, [ava.id], { status: 'completed', duration: 45 }), 200);
    expect(await days(ava.id)).toEqual({ '2026-09-16': 45 });
    expectStatus(await put(s.id, [ava.id], { status: 'completed', duration: 45, scheduledAt: THURSDAY_10AM }), 200);
    expect(await days(ava.id)).toEqual({ '2026-09-17': 45 });
    expect(await getRaw(keys.attended(accountId, ava.id, '2026-09-16', s.id))).toBeUndefined();
    // A session canceled as a whole (the school closed) takes its minutes and owes no make-up.
    expectStatus(await put(s.id, [ava.id], { status: 'canceled', cancelReason: 'school_closure', duration: 45, scheduledAt: THURSDAY_10AM }), 200);
    expect(await storedLedger(accountId, ava.id)).toEqual({ days: {}, makeups: {} });
  });

  it('a session at 23:30 in New York counts on its New York date (16 September), not the UTC one', async () => {
    const ava = await putClient(accountId);
    const s = await schedule(owner, [ava.id], '2026-09-17T03:30:00.000Z');
    expectStatus(await mark(s.id, ava.id, 'present'), 200);
    expectStatus(await put(s.id, [ava.id], { status: 'completed', scheduledAt: '2026-09-17T03:30:00.000Z' }), 200);
    expect(await days(ava.id)).toEqual({ '2026-09-16': 30 });
  });

  it('a canceled participation owes a make-up that follows its session, and is gone when the participant or the session is', async () => {
    const [ava, ben, cleo] = await Promise.all([putClient(accountId), putClient(accountId, { firstName: 'Ben' }), putClient(accountId, { firstName: 'Cleo' })]);
    const s = await schedule(owner, [ava.id, ben.id, cleo.id], WEDNESDAY_10AM);
    expectStatus(await mark(s.id, ava.id, 'canceled'), 200);
    expectStatus(await mark(s.id, ben.id, 'absent'), 200);
    expectStatus(await mark(s.id, cleo.id, 'present'), 200);
    expect(await makeups(ava.id)).toEqual({ [s.id]: { date: '2026-09-16', scheduledAt: WEDNESDAY_10AM, duration: 30 } });
    expect(await makeups(ben.id)).toEqual({});

    expectStatus(await put(s.id, [ava.id, ben.id, cleo.id], { status: 'completed', scheduledAt: THURSDAY_10AM, duration: 40 }), 200);
    expect(await makeups(ava.id)).toEqual({ [s.id]: { date: '2026-09-17', scheduledAt: THURSDAY_10AM, duration: 40 } });
    expect(await days(cleo.id)).toEqual({ '2026-09-17': 40 });

    // Removing the canceled participant (DELETE participant) takes the make-up away.
    expectStatus(await owner.delete(`/api/sessions/${s.id}/participants/${ava.id}`), 200);
    expect(await makeups(ava.id)).toEqual({});
    // Removing the present one takes the minutes away.
    expectStatus(await owner.post(`/api/sessions/${s.id}/participants`, { clientId: ava.id, status: 'canceled', cancelReason: 'provider_unavailable' }), 200);
    expect(Object.keys(await makeups(ava.id))).toEqual([s.id]);
    expectStatus(await owner.delete(`/api/sessions/${s.id}/participants/${cleo.id}`), 200);
    expect(await days(cleo.id)).toEqual({});

    // Deleting the session takes everything it put in the ledger.
    expectStatus(await mark(s.id, ben.id, 'present'), 200);
    expect(await days(ben.id)).toEqual({ '2026-09-17': 40 });
    expectStatus(await owner.delete(`/api/sessions/${s.id}`), 200);
    expect([await storedLedger(accountId, ava.id), await storedLedger(accountId, ben.id)]).toEqual([
      { days: {}, makeups: {} },
      { days: {}, makeups: {} },
    ]);
  });
});

describe('the largest session change: a 30-student group moved while completed', () => {
  /** 30 clients spread over `schools` organizations, scheduled together, all present, completed. */
  async function completedGroup(schools: number) {
    const { agent, user } = await signUpOwner();
    const account = user.accountId as string;
    const orgs = await Promise.all(Array.from({ length: schools }, (_, i) => putOrganization(account, `School ${i}`)));
    const clients = await Promise.all(Array.from({ length: 30 }, (_, i) => putClient(account, { firstName: `Kid${i}`, organizationId: orgs[i % schools]!.id })));
    const ids = clients.map((c) => c.id);
    const s = await schedule(agent, ids, WEDNESDAY_10AM);
    for (const id of ids) expectStatus(await agent.patch(`/api/sessions/${s.id}/participants/${id}`, { status: 'present' }), 200);
    const body = { type: 'therapy', clientIds: ids, scheduledAt: WEDNESDAY_10AM, duration: 30, status: 'completed' };
    expectStatus(await agent.put(`/api/sessions/${s.id}`, body), 200);
    return { account, agent, clients, session: s, body };
  }

  it('of 18 schools: the session, 2 × 19 counters and 60 day totals commit as one transaction of 99 items', async () => {
    const { account, agent, clients, session, body } = await completedGroup(18);
    const sizes = await transactionSizes(() => agent.put(`/api/sessions/${session.id}`, { ...body, scheduledAt: THURSDAY_10AM }).then((r) => expectStatus(r, 200)));
    expect(sizes).toEqual([99]);
    for (const c of clients) expect((await storedLedger(account, c.id)).days).toEqual({ '2026-09-17': 30 });
  });

  it('of 19 schools: 101 items would not fit one transaction, so the move is refused (400) and nothing changes', async () => {
    const { account, agent, clients, session, body } = await completedGroup(19);
    const res = await agent.put(`/api/sessions/${session.id}`, { ...body, scheduledAt: THURSDAY_10AM });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_LARGE_MESSAGE);
    for (const c of clients) expect((await storedLedger(account, c.id)).days).toEqual({ '2026-09-16': 30 });
    // The way the message gives works: back to scheduled, move, complete again.
    expectStatus(await agent.put(`/api/sessions/${session.id}`, { ...body, status: 'scheduled' }), 200);
    expectStatus(await agent.put(`/api/sessions/${session.id}`, { ...body, status: 'scheduled', scheduledAt: THURSDAY_10AM }), 200);
    expectStatus(await agent.put(`/api/sessions/${session.id}`, { ...body, scheduledAt: THURSDAY_10AM }), 200);
    for (const c of clients) expect((await storedLedger(account, c.id)).days).toEqual({ '2026-09-17': 30 });
  });
});

/** The number of items of each transaction `call` commits or tries. */
async function transactionSizes(call: () => Promise<unknown>): Promise<number[]> {
  const sizes: number[] = [];
  const name = `tx-sizes-${newId()}`;
  db().middlewareStack.add(
    (next) => (args) => {
      const { TransactItems } = args.input as { TransactItems?: unknown[] };
      if (TransactItems) sizes.push(TransactItems.length);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await call();
  } finally {
    db().middlewareStack.remove(name);
  }
  return sizes;
}

describe('totals = f(sessions)', () => {
  it('a parallel burst of 40 participant status changes and edits over three sessions leaves every total equal to a recomputation from the sessions', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => putClient(accountId, { firstName: `Burst${i}` })));
    const ids = clients.map((c) => c.id);
    const sessions = await Promise.all([WEDNESDAY_10AM, THURSDAY_10AM, '2026-09-17T19:00:00.000Z'].map((at) => schedule(owner, ids, at)));
    await Promise.all(sessions.map((s) => put(s.id, ids, { status: 'completed', scheduledAt: s.scheduledAt })));
    const statuses = ['present', 'absent', 'canceled', 'present', 'scheduled'];
    const burst = Array.from({ length: 40 }, (_, i) => {
      const s = sessions[i % 3]!;
      if (i % 10 === 9) return put(s.id, ids, { status: i % 20 === 9 ? 'scheduled' : 'completed', scheduledAt: s.scheduledAt, duration: 30 + (i % 4) * 5 });
      return mark(s.id, ids[i % 4]!, statuses[(i * 7) % 5]!);
    });
    const answers = await Promise.all(burst);
    const codes = answers.map((r) => r.status);
    // A change that kept losing its race may end in 409 (how many depends on the machine's load);
    // every other one is applied, and each session took at least one of its changes.
    expect(codes.filter((s) => s !== 200 && s !== 409), `statuses ${codes.join(',')}`).toEqual([]);
    for (const at of [0, 1, 2]) {
      expect(codes.some((s, i) => i % 3 === at && s === 200), `statuses ${codes.join(',')}`).toBe(true);
    }
    const stored = (await storedSessions(accountId)).filter((s) => sessions.some((x) => x.id === s.id));
    for (const c of clients) {
      const expected = ledgerFromSessions(stored, c.id);
      expect(withoutSettlements(await storedLedger(accountId, c.id))).toEqual(expected);
      // And as the minutes route answers it for the week (no IEP: required 0, status no_iep).
      const week = expectStatus(await owner.get(`/api/clients/${c.id}/service-minutes?from=2026-09-14&to=2026-09-20`), 200);
      expect(week).toMatchObject({
        delivered: Object.values(expected.days).reduce((a, b) => a + b, 0),
        makeupsOwed: Object.keys(expected.makeups).length,
      });
    }
    // The burst moved something: at least one client has minutes or a make-up.
    expect(clients.some((c) => {
      const ledger = ledgerFromSessions(stored, c.id);
      return Object.keys(ledger.days).length + Object.keys(ledger.makeups).length > 0;
    })).toBe(true);
  });
});

describe('the backfill for sessions written before the ledger (version 2: one item per attended session)', () => {
  it('records attended sessions and make-ups of old sessions, deletes the first version’s day totals, leaves a change the new code made first, and a second run changes nothing', async () => {
    const { agent, user } = await signUpOwner();
    const account = user.accountId as string;
    const [ava, ben] = await Promise.all([putClient(account), putClient(account, { firstName: 'Ben' })]);
    // Written the old way, straight to the table: no ledger items, but a first-version day total.
    const canceled = await putSession(account, { scheduledAt: WEDNESDAY_10AM, participants: { [ava.id]: 'present', [ben.id]: 'canceled' }, duration: 30 });
    await putSession(account, { scheduledAt: '2026-09-16T18:00:00.000Z', participants: { [ava.id]: 'present', [ben.id]: 'absent' }, duration: 45 });
    const late = await putSession(account, { scheduledAt: '2026-09-17T03:30:00.000Z', participants: { [ava.id]: 'present' }, duration: 20 });
    await putSession(account, { scheduledAt: THURSDAY_10AM, participants: { [ava.id]: 'present' }, status: 'scheduled' });
    const meeting = await putSession(account, { scheduledAt: THURSDAY_10AM, participants: { [ava.id]: 'present' }, duration: 60, sessionType: 'meeting' });
    const moved = await putSession(account, { scheduledAt: THURSDAY_10AM, participants: { [ben.id]: 'present' }, duration: 25 });
    const oldTotal = { PK: keys.clientMinutes(account, ava.id), SK: 'DAY#2026-09-16' };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...oldTotal, type: 'DeliveredMinutes', accountId: account, clientId: ava.id, date: '2026-09-16', delivered: 155 } }));
    expect(await storedLedger(account, ava.id)).toEqual({ days: {}, makeups: {} });

    // Before the backfill the new code changes an old session: Ben absent, so nothing attended.
    expectStatus(await agent.patch(`/api/sessions/${moved.id}/participants/${ben.id}`, { status: 'absent' }), 200);
    expect((await storedLedger(account, ben.id)).days).toEqual({});

    const firstRun = await backfillMinutesLedger(account);
    const expected = {
      ava: { days: { '2026-09-16': 30 + 45 + 20 }, makeups: {} },
      ben: { days: {}, makeups: { [canceled.id]: { date: '2026-09-16', scheduledAt: WEDNESDAY_10AM, duration: 30 } } },
    };
    expect(late.scheduledAt.slice(0, 10)).toBe('2026-09-17');
    expect(await storedLedger(account, ava.id)).toEqual(expected.ava);
    expect(await storedLedger(account, ben.id)).toEqual(expected.ben);
    // The meeting is in Ava's ledger (as not therapy), the old total is gone.
    expect(await getRaw(keys.attended(account, ava.id, '2026-09-17', meeting.id))).toMatchObject({ sessionType: 'meeting', minutes: 60, groupSize: 1 });
    expect(await getRaw(oldTotal)).toBeUndefined();
    // Ava's four attended sessions, Ben's make-up and the old total's deletion.
    expect(firstRun).toBe(6);

    expect(await backfillMinutesLedger(account)).toBe(0);
    expect([await storedLedger(account, ava.id), await storedLedger(account, ben.id)]).toEqual([expected.ava, expected.ben]);
  });

  it('runs once per table from the migration runner and leaves its marker', async () => {
    const { user } = await signUpOwner();
    const account = user.accountId as string;
    const ava = await putClient(account);
    await putSession(account, { scheduledAt: WEDNESDAY_10AM, participants: { [ava.id]: 'present' } });
    expect(await migrateMinutesLedger()).toBeGreaterThanOrEqual(1);
    expect((await storedLedger(account, ava.id)).days).toEqual({ '2026-09-16': 30 });
    expect(await getRaw(operatorKeys.migration(MINUTES_LEDGER_MIGRATION))).toMatchObject({ type: 'Migration' });
    expect(await migrateMinutesLedger()).toBe(0);
  });
});
