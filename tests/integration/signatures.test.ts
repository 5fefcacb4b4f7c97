/**
 * Signed notes, co-signature and addenda (spec part 3, §5; part 4 §1.4) over the real handlers and
 * DynamoDB Local: signing by the session's provider once the session is completed and begun, the
 * lock on the note and progress of the signed client (409 in the same write as the save, raced many
 * times), addenda, an assistant's supervising SLPs (set on the Users page) and co-signature by one
 * of them (never one's own note), the refusals of removing a signed participant or deleting its
 * session, the dashboard's pending signatures, audit entries with ids only, and tenant and
 * organization limits.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_ASSISTANT_MESSAGE, SUPERVISORS_MESSAGE } from '../../packages/contract/src/caseload.ts';
import {
  ALREADY_COSIGNED,
  ALREADY_SIGNED,
  COSIGN_NOT_NEEDED,
  COSIGN_OWN_NOTE,
  NO_SUPERVISOR,
  NOT_COMPLETED,
  NOT_SIGNED,
  PROVIDER_ONLY,
  SIGNED_NOTE,
  SUPERVISOR_ONLY,
} from '../../packages/contract/src/signatures.ts';
import { recentAudit } from '../../packages/core/src/audit.ts';
import { db } from '../../packages/core/src/db.ts';
import type { ClientItem, OrganizationItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { ADDENDA_FULL } from '../../packages/core/src/signatures/service.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';
import { addGoal, clinicianPermissions, expectStatus, getRaw, held, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, putSession } from '../support/records.ts';

interface User {
  agent: Agent;
  id: string;
  email: string;
}

let accountId: string;
let owner: User;
let assistant: User;
let slp: User;
/** An SLP limited to another school: it may not see the clients of the main one. */
let otherSchoolSlp: User;
let readOnly: User;
let stranger: Agent;
let strangerId: string;
let orgA: OrganizationItem;

/** A user of the owner's account made through POST /api/users, then signed in. */
async function createUser(role: 'slp' | 'assistant' | 'admin', permissions: Record<string, unknown>, firstName: string): Promise<User> {
  const email = `${role}-${randomUUID()}@district.test`;
  const created = expectStatus(await owner.agent.post('/api/users', { user: { firstName, lastName: 'Lee', email, password: PASSWORD, role }, permissions }), 201);
  return { agent: (await signIn(email)).agent, id: created.id, email };
}

const client = (firstName: string, fields: Partial<ClientItem> = {}) => putClient(accountId, { firstName, organizationId: orgA.id, ...fields });

let hour = 0;
/** A distinct past time for each new session (only a session already begun can be signed). */
const nextSlot = () => new Date(Date.UTC(2025, 2, 3, 8) + hour++ * 3_600_000).toISOString();
/** A distinct time for each new session still ahead. */
const futureSlot = () => new Date(Date.UTC(2031, 2, 3, 8) + hour++ * 3_600_000).toISOString();

const saveNote = (agent: Agent, sessionId: string, clientId: string, notes: string) => agent.post(`/api/sessions/${sessionId}/notes`, { clientId, notes });
const sign = (agent: Agent, sessionId: string, clientId: string) => agent.post(`/api/sessions/${sessionId}/sign`, { clientId });
const cosign = (agent: Agent, sessionId: string, clientId: string) => agent.post(`/api/sessions/${sessionId}/cosign`, { clientId });
const setSupervisors = (agent: Agent, userId: string, supervisorIds: unknown) => agent.put(`/api/users/${userId}/supervisors`, { supervisorIds });
const pendingOf = async (agent: Agent) => expectStatus(await agent.get('/api/signatures/pending'), 200).awaitingMyCosignature as { sessionId: string; clientId: string }[];
const addAddendum = (agent: Agent, sessionId: string, clientId: string, text: string, headers: Record<string, string> = {}) =>
  agent.request('POST', `/api/sessions/${sessionId}/addenda`, { clientId, text }, headers);
const storedNote = (sessionId: string, clientId: string) => getRaw(keys.sessionNote(accountId, sessionId, clientId));

async function noteOf(agent: Agent, sessionId: string, clientId: string) {
  const notes = expectStatus(await agent.get(`/api/sessions/${sessionId}/notes`), 200) as { clientId: string }[];
  return notes.find((n) => n.clientId === clientId) as Record<string, any> | undefined;
}

function expectRefused(res: { status: number; body: any }, status: number, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toBe(message);
}

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner({ firstName: 'Olivia', lastName: 'Owner' }), signUpOwner()]);
  accountId = o.user.accountId;
  owner = { agent: o.agent, id: o.user.id, email: o.email };
  stranger = x.agent;
  strangerId = x.user.id;
  const orgB = await putOrganization(accountId, 'Birch Middle');
  orgA = await putOrganization(accountId, 'Alder Elementary');
  [assistant, slp, otherSchoolSlp, readOnly] = await Promise.all([
    createUser('assistant', clinicianPermissions, 'Alex'),
    createUser('slp', clinicianPermissions, 'Sam'),
    createUser('slp', { ...clinicianPermissions, allowedOrganizationIds: [orgB.id] }, 'Bea'),
    createUser('slp', {}, 'Rory'),
  ]);
  // Alex's notes are co-signed by either of the two SLPs with every school.
  expectStatus(await setSupervisors(owner.agent, assistant.id, [owner.id, slp.id]), 200);
}, 60_000);

describe('signing a note', () => {
  it('records signer id, name, role and time; the listing shows it; a second signature is 409; signing creates an empty note', async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const s = await held(owner.agent, [ava.id, ben.id], nextSlot());
    expectStatus(await saveNote(owner.agent, s.id, ava.id, '<p>Produced /r/ in 8 of 10 words</p>'), 200);
    const before = Date.now();
    const signed = expectStatus(await sign(owner.agent, s.id, ava.id), 200);
    expect(signed).toMatchObject({ clientId: ava.id, notes: '<p>Produced /r/ in 8 of 10 words</p>', signature: { userId: owner.id, name: 'Olivia Owner', role: 'slp' }, addenda: [] });
    expect(Date.parse(signed.signature.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(signed.cosignature).toBeUndefined();
    expect(await noteOf(owner.agent, s.id, ava.id)).toEqual(signed);

    expectRefused(await sign(owner.agent, s.id, ava.id), 409, ALREADY_SIGNED);
    expect((await noteOf(owner.agent, s.id, ava.id))!.signature.userId).toBe(owner.id);

    // Nothing was saved for Ben: his signed note is an empty one.
    const empty = expectStatus(await sign(owner.agent, s.id, ben.id), 200);
    expect(empty).toMatchObject({ clientId: ben.id, notes: '', signature: { userId: owner.id, name: 'Olivia Owner', role: 'slp' } });
    const session = await getRaw(keys.session(accountId, s.id));
    expect([...session!.signedClientIds].sort()).toEqual([ava.id, ben.id].sort());
    expect(session!.documented).toBe(true);
  });

  it('of two signatures at once (the provider on two devices), exactly one wins', async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: slp.id });
    const otherDevice = (await signIn(slp.email)).agent;
    const [a, b] = await Promise.all([sign(slp.agent, s.id, ava.id), sign(otherDevice, s.id, ava.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(ALREADY_SIGNED);
    expect((await storedNote(s.id, ava.id))!.signature.userId).toBe(slp.id);
  });

  it('is refused for a client not in the session, another account, a hidden client and a user without canEditSessions', async () => {
    const [ava, outsider] = await Promise.all([client('Ava'), client('Otto')]);
    const s = await held(owner.agent, [ava.id], nextSlot());
    expect((await sign(owner.agent, s.id, outsider.id)).status).toBe(404);
    expect((await sign(stranger, s.id, ava.id)).status).toBe(404);
    expect((await sign(otherSchoolSlp.agent, s.id, ava.id)).status).toBe(404);
    expect((await sign(readOnly.agent, s.id, ava.id)).status).toBe(403);
    expect((await sign(owner.agent, randomUUID(), ava.id)).status).toBe(404);
    expect(await storedNote(s.id, ava.id)).toBeUndefined();
  });
});

describe('who may sign (part 4 §1.4)', () => {
  it('only a completed session whose start is not in the future: a scheduled one and a completed one still ahead are 409', async () => {
    const [ava, ben, cal] = await Promise.all([client('Ava'), client('Ben'), client('Cal')]);
    const scheduled = await schedule(owner.agent, [ava.id], nextSlot());
    expectRefused(await sign(owner.agent, scheduled.id, ava.id), 409, NOT_COMPLETED);
    const ahead = await held(owner.agent, [ben.id], futureSlot());
    expect(ahead.status).toBe('completed');
    expectRefused(await sign(owner.agent, ahead.id, ben.id), 409, NOT_COMPLETED);
    expect(await storedNote(scheduled.id, ava.id)).toBeUndefined();
    expect(await storedNote(ahead.id, ben.id)).toBeUndefined();
    expect((await getRaw(keys.session(accountId, ahead.id)))!.signedClientIds).toBeUndefined();

    // Recorded as held (and begun), the same notes sign.
    const edit = { type: 'therapy', duration: 30, status: 'completed' };
    expectStatus(await owner.agent.put(`/api/sessions/${scheduled.id}`, { ...edit, clientIds: [ava.id], scheduledAt: scheduled.scheduledAt }), 200);
    expectStatus(await sign(owner.agent, scheduled.id, ava.id), 200);
    // A session set back to scheduled before its note is signed cannot be signed either.
    const reopened = await held(owner.agent, [cal.id], nextSlot());
    expectStatus(await owner.agent.put(`/api/sessions/${reopened.id}`, { ...edit, clientIds: [cal.id], scheduledAt: reopened.scheduledAt, status: 'scheduled' }), 200);
    expectRefused(await sign(owner.agent, reopened.id, cal.id), 409, NOT_COMPLETED);
  });

  it("only the session's provider with role slp or assistant: an admin or another SLP is 403, decided before the 409", async () => {
    const admin = await createUser('admin', clinicianPermissions, 'Ada');
    const [ava, ben, cal] = await Promise.all([client('Ava'), client('Ben'), client('Cal')]);
    const s = await held(owner.agent, [ava.id], nextSlot());
    expectRefused(await sign(admin.agent, s.id, ava.id), 403, PROVIDER_ONLY);
    expectRefused(await sign(slp.agent, s.id, ava.id), 403, PROVIDER_ONLY);
    expectRefused(await sign(assistant.agent, s.id, ava.id), 403, PROVIDER_ONLY);
    // Not the provider and not completed: the 403 is decided first.
    const scheduled = await schedule(owner.agent, [ben.id], nextSlot());
    expectRefused(await sign(admin.agent, scheduled.id, ben.id), 403, PROVIDER_ONLY);
    // An admin who provides a session still does not sign it: signers are SLPs and assistants.
    const adminsOwn = await held(owner.agent, [cal.id], nextSlot(), { providerId: admin.id });
    expectRefused(await sign(admin.agent, adminsOwn.id, cal.id), 403, PROVIDER_ONLY);
    expect(await storedNote(s.id, ava.id)).toBeUndefined();
    expect(await storedNote(adminsOwn.id, cal.id)).toBeUndefined();
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);
  });

  it('a session from before providers is signed by its creator, and only by them', async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const old = await putSession(accountId, { scheduledAt: nextSlot(), participants: { [ava.id]: 'present', [ben.id]: 'present' }, createdBy: slp.id });
    expect(old.providerId).toBeUndefined();
    expectRefused(await sign(owner.agent, old.id, ava.id), 403, PROVIDER_ONLY);
    expectStatus(await sign(slp.agent, old.id, ava.id), 200);
  });
});

describe('the lock', () => {
  it("refuses the signed client's note and progress saves with the spec's 409 and leaves them as signed; other clients stay open", async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const [avaGoal, benGoal] = await Promise.all([addGoal(owner.agent, ava.id), addGoal(owner.agent, ben.id)]);
    const s = await held(owner.agent, [ava.id, ben.id], nextSlot());
    expectStatus(await saveNote(owner.agent, s.id, ava.id, '<p>Signed text</p>'), 200);
    expectStatus(await owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId: avaGoal.id, successfulAttempts: 6, totalAttempts: 10 }), 200);
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);

    expectRefused(await saveNote(owner.agent, s.id, ava.id, '<p>Changed afterwards</p>'), 409, SIGNED_NOTE);
    expectRefused(await saveNote(slp.agent, s.id, ava.id, '<p>Signed text</p>'), 409, SIGNED_NOTE);
    expectRefused(await owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId: avaGoal.id, successfulAttempts: 9, totalAttempts: 10 }), 409, SIGNED_NOTE);
    expect((await storedNote(s.id, ava.id))!.notes).toBe('<p>Signed text</p>');
    expect(await getRaw(keys.progress(accountId, s.id, avaGoal.id))).toMatchObject({ successfulAttempts: 6, totalAttempts: 10 });

    // The signature is Ava's alone: Ben's note and progress in the same session still save.
    expectStatus(await saveNote(owner.agent, s.id, ben.id, '<p>Ben still open</p>'), 200);
    expectStatus(await owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId: benGoal.id, successfulAttempts: 3, totalAttempts: 5 }), 200);
  });

  it('a save committed before the signature is inside the signed note; one after it is refused (both orders, sequentially)', async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const s = await held(owner.agent, [ava.id, ben.id], nextSlot());
    expectStatus(await saveNote(owner.agent, s.id, ava.id, '<p>last words</p>'), 200);
    expect(expectStatus(await sign(owner.agent, s.id, ava.id), 200).notes).toBe('<p>last words</p>');
    expectStatus(await sign(owner.agent, s.id, ben.id), 200);
    expectRefused(await saveNote(owner.agent, s.id, ben.id, '<p>too late</p>'), 409, SIGNED_NOTE);
    expect((await noteOf(owner.agent, s.id, ben.id))!.notes).toBe('');
  });

  it('sign and note save raced 30 times: the save is either inside the signed note or refused 409, never lost or written after', async () => {
    const students = await Promise.all(Array.from({ length: 30 }, (_, i) => client(`Kid${i}`)));
    const s = await held(owner.agent, students.map((c) => c.id), nextSlot());
    const outcomes = { inside: 0, refused: 0 };
    for (const [i, kid] of students.entries()) {
      const before = `<p>draft ${i}</p>`;
      const after = `<p>final ${i}</p>`;
      expectStatus(await saveNote(assistant.agent, s.id, kid.id, before), 200);
      const [save, signature] = await Promise.all([saveNote(assistant.agent, s.id, kid.id, after), sign(owner.agent, s.id, kid.id)]);
      expect(signature.status, JSON.stringify(signature.body)).toBe(200);
      const stored = await storedNote(s.id, kid.id);
      expect(stored!.signature.userId).toBe(owner.id);
      if (save.status === 200) {
        // The save committed first: the signature sealed it.
        expect(stored!.notes).toBe(after);
        expect(signature.body.notes).toBe(after);
        outcomes.inside++;
      } else {
        expectRefused(save, 409, SIGNED_NOTE);
        expect(stored!.notes).toBe(before);
        expect(signature.body.notes).toBe(before);
        outcomes.refused++;
      }
      // Whatever happened, the note is locked now.
      expectRefused(await saveNote(assistant.agent, s.id, kid.id, '<p>later</p>'), 409, SIGNED_NOTE);
    }
    expect(outcomes.inside + outcomes.refused).toBe(30);
    expect(expectStatus(await owner.agent.get(`/api/sessions/${s.id}/notes`), 200).every((n: { signature?: unknown }) => n.signature)).toBe(true);
  });

  it('sign and progress save raced 10 times: the progress row is the saved one or the save is refused 409', async () => {
    const students = await Promise.all(Array.from({ length: 10 }, (_, i) => client(`Pro${i}`)));
    const goals = await Promise.all(students.map((c) => addGoal(owner.agent, c.id)));
    const s = await held(owner.agent, students.map((c) => c.id), nextSlot(), { providerId: slp.id });
    for (const [i, kid] of students.entries()) {
      const goalId = goals[i].id;
      expectStatus(await owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId, successfulAttempts: 1, totalAttempts: 10 }), 200);
      const [save, signature] = await Promise.all([
        owner.agent.post(`/api/sessions/${s.id}/progress`, { goalId, successfulAttempts: 9, totalAttempts: 10 }),
        sign(slp.agent, s.id, kid.id),
      ]);
      expect(signature.status).toBe(200);
      const row = await getRaw(keys.progress(accountId, s.id, goalId));
      if (save.status === 200) expect(row!.successfulAttempts).toBe(9);
      else {
        expectRefused(save, 409, SIGNED_NOTE);
        expect(row!.successfulAttempts).toBe(1);
      }
    }
  });
});

describe('addenda', () => {
  it('are refused on an unsigned note and appended, dated and signed, oldest first, on a signed one', async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: assistant.id });
    expectStatus(await saveNote(assistant.agent, s.id, ava.id, '<p>Note</p>'), 200);
    expectRefused(await addAddendum(assistant.agent, s.id, ava.id, 'Too early'), 400, NOT_SIGNED);
    expect((await storedNote(s.id, ava.id))!.addenda).toBeUndefined();

    expectStatus(await sign(assistant.agent, s.id, ava.id), 200);
    const first = expectStatus(await addAddendum(assistant.agent, s.id, ava.id, '  Parent called: practice at home.  '), 201);
    expect(first.addenda).toEqual([{ text: 'Parent called: practice at home.', userId: assistant.id, name: 'Alex Lee', at: expect.any(String) }]);
    const second = expectStatus(await addAddendum(slp.agent, s.id, ava.id, 'Reviewed with the assistant.'), 201);
    expect(second.addenda.map((a: { text: string; userId: string }) => [a.text, a.userId])).toEqual([
      ['Parent called: practice at home.', assistant.id],
      ['Reviewed with the assistant.', slp.id],
    ]);
    expect(second.addenda[0].at <= second.addenda[1].at).toBe(true);
    // The note itself is as signed.
    expect(second).toMatchObject({ notes: '<p>Note</p>', signature: { userId: assistant.id } });
    expect((await noteOf(owner.agent, s.id, ava.id))!.addenda).toEqual(second.addenda);
  });

  it('validate their text, and a retried submit with the same Idempotency-Key appends once', async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot());
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);
    expectRefused(await addAddendum(owner.agent, s.id, ava.id, '   '), 400, 'Addendum text is required');
    expect((await addAddendum(owner.agent, s.id, ava.id, 'x'.repeat(5001))).status).toBe(400);
    const key = randomUUID();
    const [a, b] = [await addAddendum(owner.agent, s.id, ava.id, 'Once', { 'idempotency-key': key }), await addAddendum(owner.agent, s.id, ava.id, 'Once', { 'idempotency-key': key })];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await storedNote(s.id, ava.id))!.addenda).toHaveLength(1);
    expect((await addAddendum(stranger, s.id, ava.id, 'Not mine')).status).toBe(404);
    expect((await addAddendum(otherSchoolSlp.agent, s.id, ava.id, 'Hidden')).status).toBe(404);
    expect((await addAddendum(readOnly.agent, s.id, ava.id, 'No permission')).status).toBe(403);
  });

  it('answer 413 once the note cannot hold another, and keep the ones it has', async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot());
    // About 300 KB of note (three bytes a character) leaves room for a few 15 KB addenda.
    expectStatus(await saveNote(owner.agent, s.id, ava.id, `<p>${'€'.repeat(99_900)}</p>`), 200);
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);
    let kept = 0;
    let refused: { status: number; body: any } | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await addAddendum(owner.agent, s.id, ava.id, '€'.repeat(5000));
      if (res.status === 201) kept++;
      else refused = res;
    }
    expect(kept).toBeGreaterThan(0);
    expectRefused(refused!, 413, ADDENDA_FULL);
    expect((await storedNote(s.id, ava.id))!.addenda).toHaveLength(kept);
  });
});

describe('co-signature', () => {
  it("an assistant's note awaits a supervising SLP's co-signature, which one of them gives once; the dashboard lists it until then", async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: assistant.id });
    expectStatus(await saveNote(assistant.agent, s.id, ava.id, '<p>Assistant note</p>'), 200);
    expectStatus(await sign(assistant.agent, s.id, ava.id), 200);
    const isListed = (list: { sessionId: string; clientId: string }[]) => list.some((p) => p.sessionId === s.id && p.clientId === ava.id);
    const listed = (await pendingOf(owner.agent)).find((p) => p.sessionId === s.id);
    expect(listed).toEqual({ sessionId: s.id, clientId: ava.id, student: 'Ava M.', scheduledAt: s.scheduledAt, signedBy: 'Alex Lee' });
    expect(isListed(await pendingOf(slp.agent))).toBe(true);
    // Not for the assistant (not an SLP), nor for an SLP who may not see the student.
    expect(await pendingOf(assistant.agent)).toEqual([]);
    expect(isListed(await pendingOf(otherSchoolSlp.agent))).toBe(false);

    expectRefused(await cosign(assistant.agent, s.id, ava.id), 403, COSIGN_OWN_NOTE);
    const cosigned = expectStatus(await cosign(slp.agent, s.id, ava.id), 200);
    expect(cosigned).toMatchObject({ signature: { userId: assistant.id, role: 'assistant' }, cosignature: { userId: slp.id, name: 'Sam Lee', role: 'slp' } });
    expect((await noteOf(assistant.agent, s.id, ava.id))!.cosignature).toEqual(cosigned.cosignature);
    expectRefused(await cosign(owner.agent, s.id, ava.id), 409, ALREADY_COSIGNED);
    expect(isListed(await pendingOf(owner.agent))).toBe(false);
    // The co-signed note is still locked.
    expectRefused(await saveNote(assistant.agent, s.id, ava.id, '<p>x</p>'), 409, SIGNED_NOTE);
  });

  it('is refused for an unsigned note, a note signed by an SLP, and hidden or foreign notes', async () => {
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const s = await held(owner.agent, [ava.id], nextSlot());
    expectRefused(await cosign(slp.agent, s.id, ava.id), 400, NOT_SIGNED);
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);
    expectRefused(await cosign(slp.agent, s.id, ava.id), 400, COSIGN_NOT_NEEDED);
    expect((await storedNote(s.id, ava.id))!.cosignature).toBeUndefined();
    const assisted = await held(owner.agent, [ben.id], nextSlot(), { providerId: assistant.id });
    expectStatus(await sign(assistant.agent, assisted.id, ben.id), 200);
    expect((await cosign(otherSchoolSlp.agent, assisted.id, ben.id)).status).toBe(404);
    expect((await cosign(stranger, assisted.id, ben.id)).status).toBe(404);
    expect((await cosign(readOnly.agent, assisted.id, ben.id)).status).toBe(403);
    expect((await storedNote(assisted.id, ben.id))!.cosignature).toBeUndefined();
  });

  it('of two supervising SLPs co-signing at once, exactly one wins', async () => {
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: assistant.id });
    expectStatus(await sign(assistant.agent, s.id, ava.id), 200);
    const [a, b] = await Promise.all([cosign(owner.agent, s.id, ava.id), cosign(slp.agent, s.id, ava.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await storedNote(s.id, ava.id))!.cosignature.userId).toBe(a.status === 200 ? owner.id : slp.id);
  });

  it('a user cannot co-sign their own note, even after becoming an SLP', async () => {
    const promoted = await createUser('assistant', clinicianPermissions, 'Pat');
    const ava = await client('Ava');
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: promoted.id });
    expectStatus(await sign(promoted.agent, s.id, ava.id), 200);
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.user(accountId, promoted.id), UpdateExpression: 'SET #role = :slp', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':slp': 'slp' } }),
    );
    const asSlp = (await signIn(promoted.email)).agent;
    expectRefused(await cosign(asSlp, s.id, ava.id), 403, COSIGN_OWN_NOTE);
    // Nor is it awaiting the promoted user's own co-signature.
    const pending = expectStatus(await asSlp.get('/api/signatures/pending'), 200);
    expect(pending.awaitingMyCosignature.some((p: { sessionId: string }) => p.sessionId === s.id)).toBe(false);
    expect((await storedNote(s.id, ava.id))!.cosignature).toBeUndefined();
  });
});

describe("an assistant's supervising SLPs (part 4 §1.4)", () => {
  interface ManagedUserBody {
    id: string;
    role: string;
    supervisorIds?: string[];
  }
  const listed = async (id: string) => (expectStatus(await owner.agent.get('/api/users'), 200) as ManagedUserBody[]).find((u) => u.id === id);

  it('are set with PUT /api/users/{userId}/supervisors and listed in GET /api/users; anything but 1–3 SLPs of the account is 400', async () => {
    const [aide, second, third, fourth] = await Promise.all([
      createUser('assistant', clinicianPermissions, 'Ari'),
      createUser('slp', clinicianPermissions, 'Sol'),
      createUser('slp', clinicianPermissions, 'Tia'),
      createUser('slp', clinicianPermissions, 'Uri'),
    ]);
    const admin = await createUser('admin', clinicianPermissions, 'Ada');
    expect(await listed(aide.id)).toMatchObject({ role: 'assistant', supervisorIds: [] });
    // Only assistants have supervisors.
    expect((await listed(slp.id))!.supervisorIds).toBeUndefined();

    const set = expectStatus(await setSupervisors(owner.agent, aide.id, [slp.id, second.id, third.id]), 200);
    expect(set).toMatchObject({ id: aide.id, supervisorIds: [slp.id, second.id, third.id] });
    expect((await listed(aide.id))!.supervisorIds).toEqual([slp.id, second.id, third.id]);

    const refused = [
      [],
      [slp.id, second.id, third.id, fourth.id],
      [assistant.id],
      [admin.id],
      [slp.id, admin.id],
      [strangerId],
      [randomUUID()],
      [slp.id, slp.id],
      [aide.id],
      ['not-an-id'],
      'nobody',
    ];
    for (const supervisorIds of refused) expectRefused(await setSupervisors(owner.agent, aide.id, supervisorIds), 400, SUPERVISORS_MESSAGE);
    expectRefused(await owner.agent.put(`/api/users/${aide.id}/supervisors`, {}), 400, SUPERVISORS_MESSAGE);
    // A switched-off SLP is no longer one of the district's.
    expectStatus(await owner.agent.patch(`/api/users/${fourth.id}`, { isActive: false }), 200);
    expectRefused(await setSupervisors(owner.agent, aide.id, [fourth.id]), 400, SUPERVISORS_MESSAGE);
    expect((await listed(aide.id))!.supervisorIds).toEqual([slp.id, second.id, third.id]);

    expectStatus(await setSupervisors(owner.agent, aide.id, [second.id]), 200);
    expect((await listed(aide.id))!.supervisorIds).toEqual([second.id]);
    expectRefused(await setSupervisors(owner.agent, slp.id, [second.id]), 400, NOT_AN_ASSISTANT_MESSAGE);
    expect((await setSupervisors(owner.agent, randomUUID(), [second.id])).status).toBe(404);
    expect((await setSupervisors(stranger, aide.id, [second.id])).status).toBe(404);
    expect((await setSupervisors(slp.agent, aide.id, [second.id])).status).toBe(403);
    const events = (await recentAudit(accountId, { limit: 100 })).filter((e) => e.entityId === aide.id && e.action === 'user.supervisors_changed');
    expect(events).toHaveLength(2);
  });

  it('co-sign: a supervisor at the time of co-signing may; another SLP is 403; an assistant without supervisors is 409', async () => {
    const aide = await createUser('assistant', clinicianPermissions, 'Bo');
    const otherAide = await createUser('assistant', clinicianPermissions, 'Cy');
    const [ava, ben] = await Promise.all([client('Ava'), client('Ben')]);
    const s = await held(owner.agent, [ava.id, ben.id], nextSlot(), { providerId: aide.id });
    expectStatus(await sign(aide.agent, s.id, ava.id), 200);
    expectStatus(await sign(aide.agent, s.id, ben.id), 200);

    expectRefused(await cosign(slp.agent, s.id, ava.id), 409, NO_SUPERVISOR);
    expect((await pendingOf(slp.agent)).some((p) => p.sessionId === s.id)).toBe(false);

    expectStatus(await setSupervisors(owner.agent, aide.id, [owner.id]), 200);
    expectRefused(await cosign(slp.agent, s.id, ava.id), 403, SUPERVISOR_ONLY);
    expectRefused(await cosign(otherAide.agent, s.id, ava.id), 403, SUPERVISOR_ONLY);
    expect((await storedNote(s.id, ava.id))!.cosignature).toBeUndefined();
    // The dashboard lists the notes to the current supervisor only.
    expect((await pendingOf(owner.agent)).filter((p) => p.sessionId === s.id).map((p) => p.clientId).sort()).toEqual([ava.id, ben.id].sort());
    expect((await pendingOf(slp.agent)).some((p) => p.sessionId === s.id)).toBe(false);

    // Supervisors changed after the signature: the ones of the moment of co-signing count.
    expectStatus(await setSupervisors(owner.agent, aide.id, [slp.id]), 200);
    expectRefused(await cosign(owner.agent, s.id, ava.id), 403, SUPERVISOR_ONLY);
    expect((await pendingOf(owner.agent)).some((p) => p.sessionId === s.id)).toBe(false);
    expect((await pendingOf(slp.agent)).filter((p) => p.sessionId === s.id)).toHaveLength(2);
    const cosigned = expectStatus(await cosign(slp.agent, s.id, ava.id), 200);
    expect(cosigned.cosignature).toMatchObject({ userId: slp.id, role: 'slp' });
    expect((await pendingOf(slp.agent)).filter((p) => p.sessionId === s.id).map((p) => p.clientId)).toEqual([ben.id]);
  });

  it('a co-signature racing the removal of its supervisor either lands before it or is refused 403', async () => {
    const aide = await createUser('assistant', clinicianPermissions, 'Di');
    const students = await Promise.all(Array.from({ length: 6 }, (_, i) => client(`Race${i}`)));
    const s = await held(owner.agent, students.map((c) => c.id), nextSlot(), { providerId: aide.id });
    for (const kid of students) {
      expectStatus(await sign(aide.agent, s.id, kid.id), 200);
      expectStatus(await setSupervisors(owner.agent, aide.id, [slp.id]), 200);
      const [co, change] = await Promise.all([cosign(slp.agent, s.id, kid.id), setSupervisors(owner.agent, aide.id, [owner.id])]);
      expect(change.status).toBe(200);
      const stored = (await storedNote(s.id, kid.id))!;
      if (co.status === 200) expect(stored.cosignature.userId).toBe(slp.id);
      else {
        expectRefused(co, 403, SUPERVISOR_ONLY);
        expect(stored.cosignature).toBeUndefined();
      }
    }
  });
});

describe('sessions with signed notes', () => {
  it('refuse removing a signed participant, dropping it in an edit, and deleting the session (409); nothing is lost', async () => {
    const [ava, ben, cal] = await Promise.all([client('Ava'), client('Ben'), client('Cal')]);
    const s = await held(owner.agent, [ava.id, ben.id, cal.id], nextSlot());
    expectStatus(await saveNote(owner.agent, s.id, ava.id, '<p>Signed</p>'), 200);
    expectStatus(await sign(owner.agent, s.id, ava.id), 200);

    expectRefused(await owner.agent.delete(`/api/sessions/${s.id}/participants/${ava.id}`), 409, 'This client has a signed note in this session and cannot be removed');
    const edit = { type: 'therapy', scheduledAt: s.scheduledAt, duration: 30, status: 'completed' };
    expectRefused(await owner.agent.put(`/api/sessions/${s.id}`, { ...edit, clientIds: [ben.id, cal.id] }), 409, 'This client has a signed note in this session and cannot be removed');
    expectRefused(await owner.agent.delete(`/api/sessions/${s.id}`), 409, SIGNED_NOTE);

    // Unsigned participants still go, and an edit keeping the signed one is saved.
    expectStatus(await owner.agent.delete(`/api/sessions/${s.id}/participants/${cal.id}`), 200);
    const edited = expectStatus(await owner.agent.put(`/api/sessions/${s.id}`, { ...edit, clientIds: [ava.id, ben.id] }), 200);
    expect(edited.status).toBe('completed');
    const session = await getRaw(keys.session(accountId, s.id));
    expect(Object.keys(session!.participants).sort()).toEqual([ava.id, ben.id].sort());
    expect([...session!.signedClientIds]).toEqual([ava.id]);
    expect(await storedNote(s.id, ava.id)).toMatchObject({ notes: '<p>Signed</p>', signature: { userId: owner.id } });
  });

  it('a delete racing a signature either deletes an unsigned session or is refused, never deleting a signed note', async () => {
    for (let round = 0; round < 8; round++) {
      const ava = await client('Ava');
      const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: slp.id });
      const [removal, signature] = await Promise.all([owner.agent.delete(`/api/sessions/${s.id}`), sign(slp.agent, s.id, ava.id)]);
      const session = await getRaw(keys.session(accountId, s.id));
      const note = await storedNote(s.id, ava.id);
      if (signature.status === 200) {
        expectRefused(removal, 409, SIGNED_NOTE);
        expect(session).toBeDefined();
        expect(note!.signature.userId).toBe(slp.id);
      } else {
        // Deleted first: the participant is gone, so there is nothing to sign and nothing written.
        expect(removal.status).toBe(200);
        expect(signature.status).toBe(404);
        expect(session).toBeUndefined();
        expect(note).toBeUndefined();
      }
    }
  });
});

describe('my unsigned notes', () => {
  it("lists the caller's completed sessions' present participants whose notes are unsigned more than two school days later", async () => {
    const provider = await createUser('slp', clinicianPermissions, 'Uma');
    const [ava, ben, cal] = await Promise.all([client('Ava'), client('Ben'), client('Cal')]);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    async function completed(agent: Agent, scheduledAt: string, present: string[], absent: string[] = []) {
      const s = await schedule(agent, [...present, ...absent], scheduledAt);
      for (const id of present) expectStatus(await agent.patch(`/api/sessions/${s.id}/participants/${id}`, { status: 'present' }), 200);
      for (const id of absent) expectStatus(await agent.patch(`/api/sessions/${s.id}/participants/${id}`, { status: 'absent' }), 200);
      expectStatus(await agent.put(`/api/sessions/${s.id}`, { type: 'therapy', clientIds: [...present, ...absent], scheduledAt, duration: 30, status: 'completed' }), 200);
      return s;
    }
    const old = await completed(provider.agent, daysAgo(10), [ava.id, ben.id], [cal.id]);
    expectStatus(await sign(provider.agent, old.id, ben.id), 200);
    // Yesterday's is not yet overdue, 40 days ago is past the window, a scheduled one was not held,
    // and another provider's session is not the caller's to sign.
    await completed(provider.agent, daysAgo(1), [ava.id]);
    await completed(provider.agent, daysAgo(40), [ava.id]);
    await schedule(provider.agent, [cal.id], daysAgo(9));
    await completed(owner.agent, daysAgo(8), [ava.id]);

    const pending = expectStatus(await provider.agent.get('/api/signatures/pending'), 200);
    expect(pending.myUnsigned).toEqual([{ sessionId: old.id, clientId: ava.id, student: 'Ava M.', scheduledAt: old.scheduledAt }]);
    // Signed now, it leaves the list.
    expectStatus(await sign(provider.agent, old.id, ava.id), 200);
    expect(expectStatus(await provider.agent.get('/api/signatures/pending'), 200).myUnsigned).toEqual([]);
  });
});

describe('audit', () => {
  it('records every signature, co-signature and addendum with ids, never names or text', async () => {
    const ava = await client('Zelda', { lastInitial: 'Q' });
    const s = await held(owner.agent, [ava.id], nextSlot(), { providerId: assistant.id });
    expectStatus(await saveNote(assistant.agent, s.id, ava.id, '<p>Secret clinical text</p>'), 200);
    expectStatus(await sign(assistant.agent, s.id, ava.id), 200);
    expectStatus(await addAddendum(assistant.agent, s.id, ava.id, 'Confidential addendum'), 201);
    expectStatus(await cosign(slp.agent, s.id, ava.id), 200);
    const events = (await recentAudit(accountId, { limit: 100 })).filter((e) => e.entityId === s.id && e.action.startsWith('session_note.'));
    expect(events.map((e) => [e.action, e.actorId]).sort()).toEqual(
      [
        ['session_note.addendum', assistant.id],
        ['session_note.cosigned', slp.id],
        ['session_note.created', assistant.id],
        ['session_note.signed', assistant.id],
      ].sort(),
    );
    const text = JSON.stringify(events);
    expect(text).toContain(ava.id);
    expect(text).not.toMatch(/Zelda|Secret|Confidential/);
    // The activity feed names the student when it is read, as every screen does.
    const feed = expectStatus(await owner.agent.get('/api/activities'), 200) as { summary: string }[];
    expect(feed.map((a) => a.summary)).toEqual(expect.arrayContaining(['Signed the session note of Zelda Q.', 'Co-signed the session note of Zelda Q.', 'Added an addendum to the session note of Zelda Q.']));
  });
});
