/**
 * Part 4 §1.4 "signed means frozen" over the real handlers and DynamoDB Local: once a participant's
 * note is signed, the session's date, start, duration, type, provider and status and that
 * participant's status refuse to change (409 with the spec's words) through every route that could
 * change them, a request resending the same values succeeds, and unsigned participants stay open.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_NOTE } from '../../packages/contract/src/signatures.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem, SessionItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { addGoal, expectStatus, getRaw, held } from '../support/fixtures-sessions.ts';
import { putClient } from '../support/records.ts';

let owner: Agent;
let accountId: string;
let otherSlpId: string;

beforeAll(async () => {
  const o = await signUpOwner();
  owner = o.agent;
  accountId = o.user.accountId;
  const email = `slp-${randomUUID()}@district.test`;
  otherSlpId = expectStatus(await owner.post('/api/users', { user: { firstName: 'Sam', lastName: 'Lee', email, password: PASSWORD, role: 'slp' }, permissions: {} }), 201).id;
});

let hour = 0;
/** A distinct past time for each session (only a session already begun can be signed). */
const nextSlot = () => new Date(Date.UTC(2025, 4, 5, 8) + hour++ * 3_600_000).toISOString();
const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(409);
  expect(res.body.message).toBe(SIGNED_NOTE);
}

/** Ava (signed) and Ben (not) in a completed session; Ava's note signed by the owner, its provider. */
async function signedSession(): Promise<{ s: any; ava: ClientItem; ben: ClientItem; edit: Record<string, unknown> }> {
  const [ava, ben] = await Promise.all([putClient(accountId, { firstName: 'Ava' }), putClient(accountId, { firstName: 'Ben' })]);
  const s = await held(owner, [ava.id, ben.id], nextSlot());
  expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: ava.id, notes: '<p>Signed</p>' }), 200);
  expectStatus(await owner.post(`/api/sessions/${s.id}/sign`, { clientId: ava.id }), 200);
  const edit = { type: 'therapy', clientIds: [ava.id, ben.id], scheduledAt: s.scheduledAt, duration: 30, status: 'completed', providerId: s.providerId };
  return { s, ava, ben, edit };
}

describe('a session with a signed note', () => {
  it("refuses a change of its date, start, duration, type, provider or status through PUT /api/sessions/{id} (409 with the spec's words), changing nothing", async () => {
    const { s, edit } = await signedSession();
    const before = await getRaw<SessionItem>(keys.session(accountId, s.id));
    const DAY = 86_400_000;
    for (const change of [
      { scheduledAt: shifted(s.scheduledAt, DAY) },
      { scheduledAt: shifted(s.scheduledAt, 3_600_000) },
      { duration: 45 },
      { type: 'consultation' },
      { providerId: otherSlpId },
      { status: 'scheduled' },
      { status: 'no_show' },
      { status: 'canceled', cancelReason: 'provider_unavailable' },
    ]) {
      expectRefused(await owner.put(`/api/sessions/${s.id}`, { ...edit, ...change }));
    }
    expect(await getRaw(keys.session(accountId, s.id))).toEqual(before);
    expect(SIGNED_NOTE).toBe('This session has a signed note. Add an addendum instead.');
  });

  it('accepts an edit that resends the same values, and one that changes only what a signature does not freeze (the free-text notes)', async () => {
    const { s, edit } = await signedSession();
    const same = expectStatus(await owner.put(`/api/sessions/${s.id}`, edit), 200);
    expect([same.status, same.duration, same.scheduledAt]).toEqual(['completed', 30, s.scheduledAt]);
    // The same instant written with another offset is the same start.
    const offset = s.scheduledAt.replace('.000Z', '-00:00');
    expectStatus(await owner.put(`/api/sessions/${s.id}`, { ...edit, scheduledAt: offset, notes: 'Room 12' }), 200);
  });

  it("refuses the signed participant's status change through PATCH participants; the same status is 200; the unsigned participant's status, note and progress stay editable", async () => {
    const { s, ava, ben } = await signedSession();
    const avaStatus = (await getRaw<SessionItem>(keys.session(accountId, s.id)))!.participants[ava.id]!.status;
    const other = avaStatus === 'present' ? 'absent' : 'present';
    expectRefused(await owner.patch(`/api/sessions/${s.id}/participants/${ava.id}`, { status: other }));
    expectRefused(await owner.patch(`/api/sessions/${s.id}/participants/${ava.id}`, { status: 'canceled', cancelReason: 'provider_unavailable' }));
    expectStatus(await owner.patch(`/api/sessions/${s.id}/participants/${ava.id}`, { status: avaStatus }), 200);

    const changed = expectStatus(await owner.patch(`/api/sessions/${s.id}/participants/${ben.id}`, { status: 'present' }), 200);
    expect(changed.sessionParticipants.find((p: any) => p.clientId === ben.id).status).toBe('present');
    const [avaGoal, benGoal] = await Promise.all([addGoal(owner, ava.id), addGoal(owner, ben.id)]);
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: ben.id, notes: '<p>Ben worked on /r/</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: benGoal.id, successfulAttempts: 7, totalAttempts: 10 }), 200);
    // The signed client's progress and note answer the same words.
    expectRefused(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: avaGoal.id, successfulAttempts: 7, totalAttempts: 10 }));
    expectRefused(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: ava.id, notes: '<p>Changed</p>' }));
    // Adding a client to the signed session is not a change of what is signed.
    const cal = await putClient(accountId, { firstName: 'Cal' });
    expectStatus(await owner.post(`/api/sessions/${s.id}/participants`, { clientId: cal.id, status: 'present' }), 200);
  });

  it('cannot be deleted (409 with the same words); the signed participant cannot be removed (its own 409)', async () => {
    const { s, ava } = await signedSession();
    expectRefused(await owner.delete(`/api/sessions/${s.id}`));
    const removal = await owner.delete(`/api/sessions/${s.id}/participants/${ava.id}`);
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe('This client has a signed note in this session and cannot be removed');
    expect(await getRaw(keys.session(accountId, s.id))).toBeDefined();
  });
});

describe('a signature landing between the edit\'s read and its write', () => {
  it('makes the edit lose its race, read again and answer 409, leaving the signed session as signed', async () => {
    const ava = await putClient(accountId, { firstName: 'Ava' });
    const s = await held(owner, [ava.id], nextSlot());
    expectStatus(await owner.post(`/api/sessions/${s.id}/notes`, { clientId: ava.id, notes: '<p>Signed</p>' }), 200);
    // The edit's transaction (the session's Put with the new duration) waits until the signature has committed.
    let signing: Promise<unknown> | undefined;
    const name = `sign-first-${randomUUID()}`;
    db().middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: { Put?: { Item?: { id?: string; duration?: number } } }[] }).TransactItems;
        if (!signing && items?.some((i) => i.Put?.Item?.id === s.id && i.Put?.Item?.duration === 45)) {
          signing = owner.post(`/api/sessions/${s.id}/sign`, { clientId: ava.id });
          expectStatus((await signing) as { status: number; body: unknown }, 200);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const edit = { type: 'therapy', clientIds: [ava.id], scheduledAt: s.scheduledAt, duration: 45, status: 'completed' };
      expectRefused(await owner.put(`/api/sessions/${s.id}`, edit));
    } finally {
      db().middlewareStack.remove(name);
    }
    expect(signing).toBeDefined();
    const stored = (await getRaw<SessionItem>(keys.session(accountId, s.id)))!;
    expect([stored.duration, [...stored.signedClientIds!]]).toEqual([30, [ava.id]]);
  });
});

describe('series changes and closures around a signed occurrence', () => {
  /** A weekly series Mon 9 … Fri 13 Nov 2026 (past), its Wednesday occurrence held and signed. */
  async function signedOccurrence() {
    const ava = await putClient(accountId, { firstName: 'Ava' });
    const rule = { clientIds: [ava.id], weekdays: [1, 2, 3, 4, 5], time: '10:00', startsOn: '2026-11-09', until: '2026-11-13', duration: 30 };
    const made = expectStatus(await owner.post('/api/session-series', rule), 201);
    const items = await queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
    const wednesday = items.find((x) => x.seriesId === made.series.id && x.scheduledAt.startsWith('2026-11-11'))!;
    const edit = { type: 'therapy', clientIds: [ava.id], scheduledAt: wednesday.scheduledAt, duration: 30 };
    expectStatus(await owner.put(`/api/sessions/${wednesday.id}`, { ...edit, status: 'completed' }), 200);
    expectStatus(await owner.post(`/api/sessions/${wednesday.id}/notes`, { clientId: ava.id, notes: '<p>Signed</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${wednesday.id}/sign`, { clientId: ava.id }), 200);
    const signed = (await getRaw<SessionItem>(keys.session(accountId, wednesday.id)))!;
    return { seriesId: made.series.id as string, rule, signed };
  }
  const unchanged = async (signed: SessionItem) => expect(await getRaw(keys.session(accountId, signed.id))).toEqual(signed);

  it('a series edit from before it (new time and duration) keeps the signed occurrence as it is', async () => {
    const { seriesId, rule, signed } = await signedOccurrence();
    const changed = expectStatus(await owner.put(`/api/session-series/${seriesId}`, { ...rule, time: '13:00', duration: 45, from: '2026-11-09' }), 200);
    expect(changed.kept).toBe(1);
    await unchanged(signed);
  });

  it('a series delete keeps the signed occurrence', async () => {
    const { seriesId, signed } = await signedOccurrence();
    const removed = expectStatus(await owner.delete(`/api/session-series/${seriesId}?from=2026-11-09`), 200);
    expect([removed.kept, removed.deleted]).toEqual([1, 4]);
    await unchanged(signed);
  });

  it('a closure of its date leaves the signed occurrence as it is (nothing canceled)', async () => {
    const { signed } = await signedOccurrence();
    const saved = expectStatus(await owner.put('/api/closures', [{ date: '2026-11-11', label: 'Veterans Day' }]), 200);
    expect(saved.canceledSessions).toBe(0);
    await unchanged(signed);
  });
});
