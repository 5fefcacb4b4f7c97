/**
 * Make-ups over the real handlers: a canceled participation owes one (absent does not), a session
 * created with `makeupForSessionId` settles it inside its own transaction, and the settlement's
 * condition decides every race.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHOOSE_CANCEL_REASON } from '../../packages/contract/src/enums.ts';
import { MAKEUP_ALREADY_SCHEDULED, MAKEUP_NOT_OWED } from '../../packages/contract/src/school-year.ts';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus, schedule } from '../support/fixtures-sessions.ts';
import { storedLedger, storedSessions } from '../support/ledger.ts';
import { putClient, putSession } from '../support/records.ts';

let owner: Agent;
let accountId: string;
let ownerId: string;

beforeAll(async () => {
  const o = await signUpOwner();
  owner = o.agent;
  accountId = o.user.accountId;
  ownerId = o.user.id;
});

/** Wednesday 16 September 2026, 10:00 in New York; the make-ups go the week after. */
const MISSED_AT = '2026-09-16T14:00:00.000Z';
const MAKEUP_AT = '2026-09-23T14:00:00.000Z';

/** A participation canceled here is one the provider called off (owed a make-up) unless told otherwise. */
const mark = (sessionId: string, clientId: string, status: string, cancelReason = 'provider_unavailable') =>
  owner.patch(`/api/sessions/${sessionId}/participants/${clientId}`, { status, ...(status === 'canceled' ? { cancelReason } : {}) }).then((r) => expectStatus(r, 200));
const scheduleMakeup = (clientIds: string[], makeupForSessionId: string) =>
  owner.post('/api/sessions', { type: 'therapy', clientIds, scheduledAt: MAKEUP_AT, duration: 30, makeupForSessionId });
const makeupOf = async (client: ClientItem, sessionId: string) => (await storedLedger(accountId, client.id)).makeups[sessionId];

/** A session of these clients at MISSED_AT with these participant statuses. */
async function missed(statuses: [ClientItem, string][]) {
  const s = await schedule(owner, statuses.map(([c]) => c.id), MISSED_AT);
  for (const [c, status] of statuses) await mark(s.id, c.id, status);
  return s as { id: string };
}

/** Part 4 §1.3: which cancel reasons owe a make-up (for one participation or a whole session alike). */
const MAKEUP_OWED_BY_REASON = [
  ['provider_unavailable', true],
  ['student_unavailable', true],
  ['school_closure', false],
  ['student_absent', false],
  ['other', false],
] as const;

describe('make-ups', () => {
  it('an absent student is owed nothing: a make-up for that session is refused with 400', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'absent']]);
    expect(await storedLedger(accountId, ava.id)).toEqual({ days: {}, makeups: {} });
    const res = await scheduleMakeup([ava.id], s.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MAKEUP_NOT_OWED);
    // Nothing was written: no session carries the link.
    expect((await storedSessions(accountId)).filter((x) => x.makeupForSessionId === s.id)).toEqual([]);
  });

  it('a session canceled as a whole for a school closure owes nothing (its participations are canceled with that reason)', async () => {
    const ava = await putClient(accountId);
    const s = await schedule(owner, [ava.id], MISSED_AT);
    expectStatus(await owner.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [ava.id], scheduledAt: MISSED_AT, duration: 30, status: 'canceled', cancelReason: 'school_closure' }), 200);
    expect((await storedLedger(accountId, ava.id)).makeups).toEqual({});
    expect((await scheduleMakeup([ava.id], s.id)).status).toBe(400);
  });

  it('a canceled 30-minute participation owes one make-up; scheduling it settles it (the answer names it); a second is 409', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    expect(await makeupOf(ava, s.id)).toEqual({ date: '2026-09-16', scheduledAt: MISSED_AT, duration: 30 });

    const made = expectStatus(await scheduleMakeup([ava.id], s.id), 201);
    expect(made.makeupForSessionId).toBe(s.id);
    expect(expectStatus(await owner.get(`/api/sessions/${made.id}`), 200).makeupForSessionId).toBe(s.id);
    expect(await makeupOf(ava, s.id)).toEqual({ date: '2026-09-16', scheduledAt: MISSED_AT, duration: 30, settledBy: made.id });

    const again = await scheduleMakeup([ava.id], s.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MAKEUP_ALREADY_SCHEDULED);
  });

  it('moving the canceled session keeps the settlement; deleting the make-up session gives the make-up back, to be scheduled again', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    const made = expectStatus(await scheduleMakeup([ava.id], s.id), 201);
    expectStatus(await owner.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [ava.id], scheduledAt: '2026-09-17T14:00:00.000Z', duration: 40, status: 'scheduled' }), 200);
    expect(await makeupOf(ava, s.id)).toEqual({ date: '2026-09-17', scheduledAt: '2026-09-17T14:00:00.000Z', duration: 40, settledBy: made.id });

    expectStatus(await owner.delete(`/api/sessions/${made.id}`), 200);
    expect(await makeupOf(ava, s.id)).toEqual({ date: '2026-09-17', scheduledAt: '2026-09-17T14:00:00.000Z', duration: 40 });
    const second = expectStatus(await scheduleMakeup([ava.id], s.id), 201);
    expect((await makeupOf(ava, s.id))!.settledBy).toBe(second.id);
  });

  it('a group make-up settles the students owed one (Ava canceled) and takes along the others (Ben present); Ben alone is refused', async () => {
    const [ava, ben] = await Promise.all([putClient(accountId), putClient(accountId, { firstName: 'Ben' })]);
    const s = await missed([
      [ava, 'canceled'],
      [ben, 'present'],
    ]);
    expect((await scheduleMakeup([ben.id], s.id)).status).toBe(400);
    const made = expectStatus(await scheduleMakeup([ava.id, ben.id], s.id), 201);
    expect((await makeupOf(ava, s.id))!.settledBy).toBe(made.id);
    expect(await makeupOf(ben, s.id)).toBeUndefined();

    // Ava leaving the make-up session gives her make-up back; Ben leaving changes nothing.
    expectStatus(await owner.delete(`/api/sessions/${made.id}/participants/${ava.id}`), 200);
    expect((await makeupOf(ava, s.id))!.settledBy).toBeUndefined();
  });

  it('a participation no longer canceled owes nothing: its make-up item goes, even once settled', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    const made = expectStatus(await scheduleMakeup([ava.id], s.id), 201);
    await mark(s.id, ava.id, 'absent');
    expect(await makeupOf(ava, s.id)).toBeUndefined();
    // Deleting the make-up session afterwards does not bring it back.
    expectStatus(await owner.delete(`/api/sessions/${made.id}`), 200);
    expect(await makeupOf(ava, s.id)).toBeUndefined();
  });

  it('six make-ups scheduled at once for the same canceled participation: exactly one 201, five 409, one session written', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => scheduleMakeup([ava.id], s.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.message).toBe(MAKEUP_ALREADY_SCHEDULED);
    const winner = answers.find((r) => r.status === 201)!.body;
    expect((await makeupOf(ava, s.id))!.settledBy).toBe(winner.id);
    expect((await storedSessions(accountId)).filter((x) => x.makeupForSessionId === s.id).map((x) => x.id)).toEqual([winner.id]);
  });

  it('six make-ups that all read the participation as owed before any of them commits: the settlement condition lets exactly one through', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    // The six settlement transactions are held until all six have been sent (so every create has
    // read the make-up as owed), then run one after another: no two overlap, so only the
    // condition in the write can refuse the later ones.
    let arrived = 0;
    let allSent!: () => void;
    let queue: Promise<unknown> = new Promise<void>((resolve) => (allSent = resolve));
    const name = `serialize-${newId()}`;
    db().middlewareStack.add(
      (next) => (args) => {
        const items = (args.input as { TransactItems?: { Update?: { UpdateExpression?: string } }[] }).TransactItems;
        if (!items?.some((i) => i.Update?.UpdateExpression?.includes('settledBy'))) return next(args);
        const mine = queue.then(() => next(args));
        queue = mine.catch(() => undefined);
        if (++arrived === 6) allSent();
        return mine;
      },
      { step: 'initialize', name },
    );
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => scheduleMakeup([ava.id], s.id)));
      expect(arrived).toBe(6);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await makeupOf(ava, s.id))!.settledBy).toBe(answers.find((r) => r.status === 201)!.body.id);
    } finally {
      db().middlewareStack.remove(name);
    }
  });
});

/** Part 4 §1.3: why it was canceled decides whether a make-up is owed. */
describe('cancel reasons', () => {
  const body = (clientIds: string[], fields: Record<string, unknown>) => ({ type: 'therapy', clientIds, scheduledAt: MISSED_AT, duration: 30, status: 'scheduled', ...fields });

  it('canceling a session or a participation without a reason is 400 "Choose why it was canceled"; an unknown reason too; nothing is written', async () => {
    const ava = await putClient(accountId);
    const s = await schedule(owner, [ava.id], MISSED_AT);
    for (const res of [
      await owner.put(`/api/sessions/${s.id}`, body([ava.id], { status: 'canceled' })),
      await owner.put(`/api/sessions/${s.id}`, body([ava.id], { status: 'canceled', cancelReason: '' })),
      await owner.put(`/api/sessions/${s.id}`, body([ava.id], { status: 'canceled', cancelReason: 'weather' })),
      await owner.patch(`/api/sessions/${s.id}/participants/${ava.id}`, { status: 'canceled' }),
      await owner.post(`/api/sessions/${s.id}/participants`, { clientId: (await putClient(accountId)).id, status: 'canceled' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CHOOSE_CANCEL_REASON);
    }
    expect(CHOOSE_CANCEL_REASON).toBe('Choose why it was canceled');
    const stored = (await storedSessions(accountId)).find((x) => x.id === s.id)!;
    expect([stored.status, stored.participants[ava.id]!.status]).toEqual(['scheduled', 'scheduled']);
  });

  it.each(MAKEUP_OWED_BY_REASON)('one participation canceled for %s: make-up owed %s, and the reason is shown', async (reason, owed) => {
    const ava = await putClient(accountId);
    const session = await schedule(owner, [ava.id], MISSED_AT);
    const answer = expectStatus(await owner.patch(`/api/sessions/${session.id}/participants/${ava.id}`, { status: 'canceled', cancelReason: reason }), 200);
    expect(answer.sessionParticipants[0]).toMatchObject({ status: 'canceled', cancelReason: reason });
    expect((await makeupOf(ava, session.id)) !== undefined).toBe(owed);
    expect((await scheduleMakeup([ava.id], session.id)).status).toBe(owed ? 201 : 400);
  });

  it.each(MAKEUP_OWED_BY_REASON)('a whole session canceled for %s cancels each participation not yet present or absent with that reason; make-up owed %s', async (reason, owed) => {
    const [ava, ben, cal] = await Promise.all([putClient(accountId), putClient(accountId, { firstName: 'Ben' }), putClient(accountId, { firstName: 'Cal' })]);
    const s = await missed([[ben, 'absent'], [cal, 'present']]);
    const answer = expectStatus(await owner.put(`/api/sessions/${s.id}`, body([ava.id, ben.id, cal.id], { status: 'canceled', cancelReason: reason })), 200);
    expect(answer.cancelReason).toBe(reason);
    const byClient = Object.fromEntries(answer.sessionParticipants.map((p: any) => [p.clientId, [p.status, p.cancelReason]]));
    expect(byClient).toEqual({ [ava.id]: ['canceled', reason], [ben.id]: ['absent', undefined], [cal.id]: ['present', undefined] });
    expect(Object.keys((await storedLedger(accountId, ava.id)).makeups)).toEqual(owed ? [s.id] : []);
    expect([(await storedLedger(accountId, ben.id)).makeups, (await storedLedger(accountId, cal.id)).makeups]).toEqual([{}, {}]);
    // Back to scheduled: the session's reason goes with its status.
    const reopened = expectStatus(await owner.put(`/api/sessions/${s.id}`, body([ava.id, ben.id, cal.id], { status: 'scheduled', cancelReason: reason })), 200);
    expect(reopened.cancelReason).toBeUndefined();
  });

  it('changing the reason moves the debt: provider_unavailable owes one, school_closure then takes it away', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    expect(await makeupOf(ava, s.id)).toBeDefined();
    await mark(s.id, ava.id, 'canceled', 'school_closure');
    expect(await makeupOf(ava, s.id)).toBeUndefined();
    await mark(s.id, ava.id, 'canceled', 'student_unavailable');
    expect(await makeupOf(ava, s.id)).toBeDefined();
  });

  it('a no_show session counts as the student absent: a participation canceled for the provider in it owes nothing', async () => {
    const ava = await putClient(accountId);
    const s = await missed([[ava, 'canceled']]);
    expectStatus(await owner.put(`/api/sessions/${s.id}`, body([ava.id], { status: 'no_show' })), 200);
    expect(await makeupOf(ava, s.id)).toBeUndefined();
    expect((await scheduleMakeup([ava.id], s.id)).status).toBe(400);
  });

  it('a make-up settles the canceled session for each of its clients present in both (group: Ava owed, Ben owed, Cal new)', async () => {
    const [ava, ben, cal] = await Promise.all([putClient(accountId), putClient(accountId, { firstName: 'Ben' }), putClient(accountId, { firstName: 'Cal' })]);
    const s = await schedule(owner, [ava.id, ben.id], MISSED_AT);
    expectStatus(await owner.put(`/api/sessions/${s.id}`, body([ava.id, ben.id], { status: 'canceled', cancelReason: 'student_unavailable' })), 200);
    const made = expectStatus(await scheduleMakeup([ava.id, ben.id, cal.id], s.id), 201);
    expect([(await makeupOf(ava, s.id))!.settledBy, (await makeupOf(ben, s.id))!.settledBy]).toEqual([made.id, made.id]);
  });

  it('a participation canceled before reasons existed keeps the make-up it was owed then, and shows no reason', async () => {
    const ava = await putClient(accountId);
    const legacy = await putSession(accountId, { scheduledAt: MISSED_AT, participants: { [ava.id]: 'canceled' }, duration: 30, status: 'scheduled', providerId: ownerId });
    const shown = expectStatus(await owner.get(`/api/sessions/${legacy.id}`), 200);
    expect(shown.sessionParticipants[0]).toEqual(expect.objectContaining({ status: 'canceled' }));
    expect(shown.sessionParticipants[0].cancelReason).toBeUndefined();
    // Any change of the session writes the ledger from the rule: the old participation still owes.
    expectStatus(await owner.put(`/api/sessions/${legacy.id}`, body([ava.id], { duration: 40 })), 200);
    expect(await makeupOf(ava, legacy.id)).toEqual({ date: '2026-09-16', scheduledAt: MISSED_AT, duration: 40 });
  });
});
