/**
 * One progress note per client per period (part 3 §6), over the real handlers and DynamoDB Local:
 * regeneration under the same id, delivered and edited notes, ad-hoc overlapping periods with and
 * without `replace`, bulk skipping covered clients, racing generations, notes written before the
 * note-period sets existed, permissions and tenants.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERED_NOTE_COVERS_PERIOD,
  DELIVERED_NOTE_LOCKED,
  EDITED_NOTE_WOULD_BE_REPLACED,
  NOTE_COVERS_PART_OF_PERIOD,
} from '../../packages/contract/src/notes.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem, ProgressNoteItem } from '../../packages/core/src/items.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putGoal, recordSession, signInChild } from '../support/records.ts';
import { signUpOwnerAccount } from '../support/owner-account.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };
const MID_MARCH_TO_APRIL = { reportingPeriodStart: '2024-03-15', reportingPeriodEnd: '2024-04-15' };

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  ({ owner, accountId } = await signUpOwnerAccount());
});

async function clientWithData(fields: Partial<ClientItem> = {}) {
  const client = await putClient(accountId, fields);
  const goal = await putGoal(accountId, client, { createdAt: '2024-01-01T00:00:00.000Z' });
  await recordSession(accountId, client, '2024-03-20T14:00:00.000Z', [[goal, 7, 10]]);
  return client;
}

const generate = (clientId: string, period: { reportingPeriodStart: string; reportingPeriodEnd: string }, extra: { replace?: boolean } = {}, agent = owner) =>
  agent.post(`/api/clients/${clientId}/generate-progress-note`, { ...period, ...extra });
const notesOf = async (clientId: string) => (await owner.get(`/api/clients/${clientId}/progress-notes`)).body as { id: string; status: string; content: string; reportingPeriodStart: string }[];
const deliver = (noteId: string, agent = owner) => agent.patch(`/api/progress-notes/${noteId}`, { status: 'delivered' });
const edit = (noteId: string, content = '<p>My own words.</p>') => owner.patch(`/api/progress-notes/${noteId}`, { content });

function expectConflict(res: { status: number; body: { message?: string } }, message: string) {
  expect(res.status).toBe(409);
  expect(res.body.message).toBe(message);
}

describe('the same period', () => {
  it('regenerates an undelivered, unedited note under its id', async () => {
    const client = await clientWithData();
    const first = await generate(client.id, MARCH);
    const again = await generate(client.id, MARCH);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, createdAt: first.body.createdAt, status: 'generated' });
    expect((await notesOf(client.id)).map((n) => n.id)).toEqual([first.body.id]);
  });

  it('refuses to regenerate a delivered note, even with replace, and refuses to edit it', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    const delivered = await deliver(note.id);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ id: note.id, status: 'delivered', content: note.content });
    expectConflict(await generate(client.id, MARCH), DELIVERED_NOTE_COVERS_PERIOD);
    expectConflict(await generate(client.id, MARCH, { replace: true }), DELIVERED_NOTE_COVERS_PERIOD);
    expectConflict(await edit(note.id), DELIVERED_NOTE_LOCKED);
    expectConflict(await owner.patch(`/api/progress-notes/${note.id}`, { content: '<p>x</p>', status: 'delivered' }), DELIVERED_NOTE_LOCKED);
    // Delivering again changes nothing.
    expect((await deliver(note.id)).body).toMatchObject({ status: 'delivered', content: note.content });
    expect(await notesOf(client.id)).toEqual([expect.objectContaining({ id: note.id, status: 'delivered', content: note.content })]);
  });

  it('refuses to regenerate an edited note unless the request says replace', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    expect((await edit(note.id)).body).toMatchObject({ status: 'updated', content: '<p>My own words.</p>' });
    expectConflict(await generate(client.id, MARCH), EDITED_NOTE_WOULD_BE_REPLACED);
    expect((await notesOf(client.id))[0]).toMatchObject({ id: note.id, content: '<p>My own words.</p>' });
    const replaced = await generate(client.id, MARCH, { replace: true });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: note.id, status: 'generated', content: note.content });
    // Regenerated, it is no longer the clinician's edit: regenerating again needs no replace.
    expect((await generate(client.id, MARCH)).status).toBe(201);
  });

  it('lets an edit and delivery go together, the content first', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    const res = await owner.patch(`/api/progress-notes/${note.id}`, { content: '<p>Final words.</p>', status: 'delivered' });
    expect(res.body).toMatchObject({ status: 'delivered', content: '<p>Final words.</p>' });
    expect((await owner.patch(`/api/progress-notes/${note.id}`, {})).status).toBe(400);
    expect((await owner.patch(`/api/progress-notes/${note.id}`, { status: 'generated' })).status).toBe(400);
  });
});

describe('an ad-hoc period', () => {
  it('is refused when it overlaps another note of the client, and replace deletes the undelivered ones', async () => {
    const client = await clientWithData();
    const march = (await generate(client.id, MARCH)).body;
    const april = (await generate(client.id, { reportingPeriodStart: '2024-04-10', reportingPeriodEnd: '2024-04-30' })).body;
    const other = await clientWithData({ firstName: 'Ben' });
    const othersNote = (await generate(other.id, MARCH)).body;

    expectConflict(await generate(client.id, MID_MARCH_TO_APRIL), NOTE_COVERS_PART_OF_PERIOD);
    // One shared day is an overlap.
    expectConflict(await generate(client.id, { reportingPeriodStart: '2024-03-31', reportingPeriodEnd: '2024-04-05' }), NOTE_COVERS_PART_OF_PERIOD);
    expect((await notesOf(client.id)).map((n) => n.id).sort()).toEqual([march.id, april.id].sort());

    const replacing = await generate(client.id, MID_MARCH_TO_APRIL, { replace: true });
    expect(replacing.status).toBe(201);
    expect([march.id, april.id]).not.toContain(replacing.body.id);
    expect((await notesOf(client.id)).map((n) => n.id)).toEqual([replacing.body.id]);
    expect((await edit(march.id)).status).toBe(404);
    // Another client's note of the same days is not touched.
    expect((await notesOf(other.id)).map((n) => n.id)).toEqual([othersNote.id]);
    // Days next to it are free.
    expect((await generate(client.id, { reportingPeriodStart: '2024-04-16', reportingPeriodEnd: '2024-04-30' })).status).toBe(201);
  });

  it('is refused, even with replace, when a delivered note overlaps it; nothing is deleted', async () => {
    const client = await clientWithData();
    const march = (await generate(client.id, MARCH)).body;
    const april = (await generate(client.id, { reportingPeriodStart: '2024-04-10', reportingPeriodEnd: '2024-04-30' })).body;
    await deliver(march.id);
    expectConflict(await generate(client.id, MID_MARCH_TO_APRIL, { replace: true }), NOTE_COVERS_PART_OF_PERIOD);
    expect((await notesOf(client.id)).map((n) => n.id).sort()).toEqual([march.id, april.id].sort());
  });
});

describe('racing writes', () => {
  it('stores one note when the same client and period are generated in parallel', async () => {
    const client = await clientWithData();
    const answers = await Promise.all(Array.from({ length: 6 }, () => generate(client.id, MARCH)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect((await notesOf(client.id)).map((n) => n.id)).toEqual([...ids]);
  });

  it('lets exactly one of several overlapping ad-hoc periods in, the others 409', async () => {
    const client = await clientWithData();
    const periods = ['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04'].map((start) => ({ reportingPeriodStart: start, reportingPeriodEnd: '2024-03-31' }));
    const answers = await Promise.all(periods.map((p) => generate(client.id, p)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expectConflict(a, NOTE_COVERS_PART_OF_PERIOD);
    expect(await notesOf(client.id)).toHaveLength(1);
  });

  it('never lets an edit and a regeneration interleave: the edit wins or is regenerated, never lost silently', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    const [edited, regenerated] = await Promise.all([edit(note.id, '<p>Edited while regenerating.</p>'), generate(client.id, MARCH)]);
    expect(edited.status).toBe(200);
    // Either the regeneration committed first and the edit went on top of it, or the edit did and
    // the regeneration was refused: the clinician's words are what is stored either way.
    if (regenerated.status !== 201) expectConflict(regenerated, EDITED_NOTE_WOULD_BE_REPLACED);
    expect(await notesOf(client.id)).toEqual([expect.objectContaining({ id: note.id, status: 'updated', content: '<p>Edited while regenerating.</p>' })]);
  });
});

describe('a delivery raced against an edit', () => {
  it('never lets an edit overwrite a delivered note: 10 rounds end delivered, with the edit inside it or refused 409', async () => {
    for (let round = 0; round < 10; round++) {
      const client = await clientWithData();
      const note = (await generate(client.id, MARCH)).body;
      const words = `<p>Edited in round ${round}.</p>`;
      const [edited, delivered] = await Promise.all([edit(note.id, words), deliver(note.id)]);
      expect(delivered.status).toBe(200);
      const [stored] = await notesOf(client.id);
      expect(stored!.status).toBe('delivered');
      if (edited.status === 200) expect(stored!.content).toBe(words);
      else {
        expectConflict(edited, DELIVERED_NOTE_LOCKED);
        expect(stored!.content).toBe(note.content);
      }
    }
  });
});

describe('bulk generation', () => {
  it('skips clients already covered, also by a note for a period shifted by a day', async () => {
    const covered = await clientWithData({ firstName: 'Covered' });
    const shifted = await clientWithData({ firstName: 'Shifted' });
    const fresh = await clientWithData({ firstName: 'Fresh' });
    const coveredNote = (await generate(covered.id, MARCH)).body;
    const shiftedNote = (await generate(shifted.id, { reportingPeriodStart: '2024-03-02', reportingPeriodEnd: '2024-04-01' })).body;
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [covered.id, shifted.id, fresh.id], ...MARCH });
    await whenJobsIdle();
    const job = (await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body;
    expect(job).toMatchObject({ status: 'completed', successCount: 1, skippedCount: 2, errorCount: 0 });
    expect((await notesOf(covered.id)).map((n) => n.id)).toEqual([coveredNote.id]);
    expect((await notesOf(shifted.id)).map((n) => n.id)).toEqual([shiftedNote.id]);
    expect(await notesOf(fresh.id)).toHaveLength(1);
  });

  it('without skipping, applies the single route\'s rules per client: a refusal is that client\'s error', async () => {
    const shifted = await clientWithData({ firstName: 'Shifted' });
    const same = await clientWithData({ firstName: 'Same' });
    const shiftedNote = (await generate(shifted.id, { reportingPeriodStart: '2024-03-02', reportingPeriodEnd: '2024-04-01' })).body;
    const sameNote = (await generate(same.id, MARCH)).body;
    const body = { clientIds: [shifted.id, same.id], ...MARCH, skipExisting: false };
    const started = await owner.post('/api/generate-progress-notes-bulk', body);
    await whenJobsIdle();
    const job = (await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body;
    expect(job).toMatchObject({ successCount: 1, errorCount: 1, errors: [{ clientId: shifted.id, error: NOTE_COVERS_PART_OF_PERIOD }] });
    expect((await notesOf(same.id)).map((n) => n.id)).toEqual([sameNote.id]);

    const replacing = await owner.post('/api/generate-progress-notes-bulk', { ...body, replace: true });
    await whenJobsIdle();
    expect((await owner.get(`/api/generate-progress-notes-bulk/${replacing.body.jobId}`)).body).toMatchObject({ successCount: 2, errorCount: 0 });
    const after = await notesOf(shifted.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(shiftedNote.id);
    expect(after[0]!.reportingPeriodStart).toBe(MARCH.reportingPeriodStart);
  });
});

describe('notes written before the note-period sets', () => {
  /** A note as older code stored it: the note item alone, no set. */
  async function legacyNote(client: ClientItem, status: ProgressNoteItem['status'], period = MARCH) {
    const id = newId();
    const at = '2024-04-02T00:00:00.000Z';
    const { accountId } = client;
    const note: ProgressNoteItem = { id, accountId, clientId: client.id, content: '<p>Old note.</p>', ...period, generatedBy: 'ai', status, createdAt: at, updatedAt: at };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.progressNote(accountId, id), ...keys.progressNoteIndex(accountId, client.id, at, id), type: entity.progressNote, ...note } }));
    return note;
  }

  it('are found by the first write, which builds the set from them', async () => {
    const client = await clientWithData();
    const old = await legacyNote(client, 'updated');
    expectConflict(await generate(client.id, MARCH), EDITED_NOTE_WOULD_BE_REPLACED);
    expectConflict(await generate(client.id, MID_MARCH_TO_APRIL), NOTE_COVERS_PART_OF_PERIOD);
    expect((await generate(client.id, MARCH, { replace: true })).body.id).toBe(old.id);
    const sets = await queryPartition<{ clientId: string; notes: Record<string, unknown> }>({ pk: keys.notePeriods(accountId, client.id).PK, skPrefix: keys.notePeriods(accountId, client.id).SK, consistent: true });
    expect(sets).toEqual([expect.objectContaining({ clientId: client.id, notes: { [old.id]: expect.objectContaining({ status: 'generated', edited: false }) } })]);
  });

  it('count as covering the current period in the missing-notes list and for bulk skipping', async () => {
    const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const term = { name: 'Term', start: isoDay(-30), end: isoDay(60) };
    expect((await owner.put('/api/reporting-periods', [term])).status).toBe(200);
    const client = await clientWithData();
    await legacyNote(client, 'generated', { reportingPeriodStart: isoDay(-10), reportingPeriodEnd: isoDay(0) });
    const bare = await clientWithData();
    const ids = (await owner.get('/api/progress-notes/missing')).body.clients.map((c: { id: string }) => c.id);
    expect(ids).toContain(bare.id);
    expect(ids).not.toContain(client.id);
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client.id], reportingPeriodStart: term.start, reportingPeriodEnd: term.end });
    await whenJobsIdle();
    expect((await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body).toMatchObject({ skippedCount: 1, successCount: 0 });
  });

  it('count as covering in a district too large to build each client\'s set on its own', async () => {
    const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const district = await signUpOwner();
    const term = { name: 'Term', start: isoDay(-30), end: isoDay(60) };
    await district.agent.put('/api/reporting-periods', [term]);
    const clients = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const client = await putClient(district.user.accountId, { firstName: `Student${i}` });
        await putGoal(district.user.accountId, client);
        return client;
      }),
    );
    await legacyNote(clients[7]!, 'generated', { reportingPeriodStart: isoDay(-10), reportingPeriodEnd: isoDay(0) });
    const ids = (await district.agent.get('/api/progress-notes/missing')).body.clients.map((c: { id: string }) => c.id);
    expect(ids).toHaveLength(59);
    expect(ids).not.toContain(clients[7]!.id);
  });

  it('are covered for delivery and deletion', async () => {
    const client = await clientWithData();
    const delivered = await legacyNote(client, 'generated');
    expect((await deliver(delivered.id)).body.status).toBe('delivered');
    expectConflict(await generate(client.id, MARCH), DELIVERED_NOTE_COVERS_PERIOD);
    const other = await clientWithData();
    const old = await legacyNote(other, 'generated');
    expect((await owner.delete(`/api/progress-notes/${old.id}`)).status).toBe(200);
    expect((await generate(other.id, MID_MARCH_TO_APRIL)).status).toBe(201);
  });
});

describe('permissions, tenants and the audit log', () => {
  it('needs canEditProgressNotes to deliver and canGenerateProgressNotes to replace', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    const reader = await signInChild(accountId, { canEditProgressNotes: false, canGenerateProgressNotes: false });
    expect((await deliver(note.id, reader.agent)).status).toBe(403);
    expect((await generate(client.id, MARCH, { replace: true }, reader.agent)).status).toBe(403);
    const scoped = await signInChild(accountId, { canEditProgressNotes: true, allowedOrganizationIds: [newId()] });
    const orgClient = await clientWithData({ organizationId: newId() });
    const orgNote = (await generate(orgClient.id, MARCH)).body;
    expect((await deliver(orgNote.id, scoped.agent)).status).toBe(404);
    expect((await notesOf(client.id))[0]!.status).toBe('generated');
  });

  it('keeps accounts apart: another account can neither deliver nor see the note', async () => {
    const client = await clientWithData();
    const note = (await generate(client.id, MARCH)).body;
    const other = await signUpOwner();
    expect((await deliver(note.id, other.agent)).status).toBe(404);
    expect((await generate(client.id, MARCH, { replace: true }, other.agent)).status).toBe(404);
    expect((await notesOf(client.id))[0]!.status).toBe('generated');
  });

  it('records delivery and the notes a replacement deleted, with ids and no names', async () => {
    const client = await clientWithData({ firstName: 'Zelda' });
    const march = (await generate(client.id, MARCH)).body;
    const replacing = (await generate(client.id, MID_MARCH_TO_APRIL, { replace: true })).body;
    await deliver(replacing.id);
    const events = await queryPartition<{ action: string; entityId?: string; summary: string }>({ pk: keys.auditPartition(accountId), consistent: true });
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'progress_note.deleted', entityId: march.id }),
        expect.objectContaining({ action: 'progress_note.generated', entityId: replacing.id }),
        expect.objectContaining({ action: 'progress_note.delivered', entityId: replacing.id, summary: 'Marked a progress note delivered' }),
      ]),
    );
    expect(JSON.stringify(events)).not.toContain('Zelda');
  });
});
