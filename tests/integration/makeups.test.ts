/**
 * Make-ups over the real handlers: a canceled participation owes one (absent does not), a session
 * created with `makeupForSessionId` settles it inside its own transaction, and the settlement's
 * condition decides every race.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAKEUP_ALREADY_SCHEDULED, MAKEUP_NOT_OWED } from '../../packages/contract/src/school-year.ts';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus, schedule } from '../support/fixtures-sessions.ts';
import { storedLedger, storedSessions } from '../support/ledger.ts';
import { putClient } from '../support/records.ts';

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  const o = await signUpOwner();
  owner = o.agent;
  accountId = o.user.accountId;
});

/** Wednesday 16 September 2026, 10:00 in New York; the make-ups go the week after. */
const MISSED_AT = '2026-09-16T14:00:00.000Z';
const MAKEUP_AT = '2026-09-23T14:00:00.000Z';

const mark = (sessionId: string, clientId: string, status: string) =>
  owner.patch(`/api/sessions/${sessionId}/participants/${clientId}`, { status }).then((r) => expectStatus(r, 200));
const scheduleMakeup = (clientIds: string[], makeupForSessionId: string) =>
  owner.post('/api/sessions', { type: 'therapy', clientIds, scheduledAt: MAKEUP_AT, duration: 30, makeupForSessionId });
const makeupOf = async (client: ClientItem, sessionId: string) => (await storedLedger(accountId, client.id)).makeups[sessionId];

/** A session of these clients at MISSED_AT with these participant statuses. */
async function missed(statuses: [ClientItem, string][]) {
  const s = await schedule(owner, statuses.map(([c]) => c.id), MISSED_AT);
  for (const [c, status] of statuses) await mark(s.id, c.id, status);
  return s as { id: string };
}

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

  it('a session canceled as a whole (a closure) with its students still scheduled owes nothing', async () => {
    const ava = await putClient(accountId);
    const s = await schedule(owner, [ava.id], MISSED_AT);
    expectStatus(await owner.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [ava.id], scheduledAt: MISSED_AT, duration: 30, status: 'canceled' }), 200);
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
