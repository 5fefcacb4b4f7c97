/**
 * A delivered progress note keeps its parent report (part 4 §1.4): after delivery, edits of the
 * client, its goals and its data never reach the report, and every download returns the same PDF,
 * byte for byte. A delivered note cannot be deleted. Over the real handlers and DynamoDB Local.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERED_NOTE_UNDELETABLE } from '../../packages/contract/src/notes.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { keepDeliveredPdf, PART_BYTES, readDeliveredReport } from '../../packages/core/src/notes/delivered-report.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { readPdf } from '../support/pdf-text.ts';
import { putClient, putGoal, recordSession } from '../support/records.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
});

/** Ava M. with one goal and two sessions of data in March, and her generated March note. */
async function noteWithData(firstName: string) {
  const client = await putClient(accountId, { firstName });
  const goal = await putGoal(accountId, client, { name: 'Produce /r/ in words', createdAt: '2024-01-01T00:00:00.000Z' });
  await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[goal, 6, 10]]);
  await recordSession(accountId, client, '2024-03-11T14:00:00.000Z', [[goal, 7, 10]]);
  const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH), 201) as { id: string };
  return { client, goal, note };
}

/** Renames the client and the goal and adds a session of data in the period. */
async function editEverything({ client, goal }: Awaited<ReturnType<typeof noteWithData>>) {
  const renamed = await putClient(accountId, { ...client, firstName: 'Renamed' });
  await putGoal(accountId, renamed, { ...goal, name: 'A renamed goal' });
  await recordSession(accountId, renamed, '2024-03-18T14:00:00.000Z', [[goal, 1, 10]]);
}

const download = async (noteId: string) => {
  const res = await owner.get(`/api/progress-notes/${noteId}/pdf`);
  expect(res.status).toBe(200);
  return Buffer.from(res.body as string, 'base64');
};
const textOf = async (pdf: Buffer) => (await readPdf(pdf)).text;

describe('a delivered note keeps its parent report', () => {
  it('shows what it showed at delivery after every edit, and answers the stored bytes on every download', async () => {
    const delivered = await noteWithData('Ava');
    const open = await noteWithData('Owen');
    expectStatus(await owner.patch(`/api/progress-notes/${delivered.note.id}`, { status: 'delivered' }), 200);
    await editEverything(delivered);
    await editEverything(open);

    const first = await download(delivered.note.id);
    const second = await download(delivered.note.id);
    console.info(`parent report: ${first.length} bytes`);
    expect(second.equals(first)).toBe(true);
    expect((await readDeliveredReport(accountId, delivered.note.id)).pdf?.equals(first)).toBe(true);
    const text = await textOf(first);
    expect(text).toContain('Student: Ava M.');
    expect(text).toContain('Produce /r/ in words');
    expect(text).not.toMatch(/Renamed|A renamed goal/);

    // An undelivered note's report follows the records, rendered anew each time.
    const live = await textOf(await download(open.note.id));
    expect(live).toContain('Student: Renamed M.');
    expect(live).toContain('A renamed goal');
  });

  it('a note delivered before the report was kept freezes at its first download', async () => {
    const earlier = await noteWithData('Ivy');
    expectStatus(await owner.patch(`/api/progress-notes/${earlier.note.id}`, { status: 'delivered' }), 200);
    // As delivered by an earlier version: nothing kept.
    const parts = await queryPartition<{ PK: string; SK: string }>({ pk: keys.deliveredReport(accountId, earlier.note.id), consistent: true });
    expect(parts.map((p) => p.SK)).toEqual(['INPUT#0000']);
    for (const { PK, SK } of parts) await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK, SK } }));

    await editEverything(earlier);
    const first = await download(earlier.note.id);
    expect(await textOf(first)).toContain('Student: Renamed M.');
    await putClient(accountId, { ...earlier.client, firstName: 'Again' });
    expect((await download(earlier.note.id)).equals(first)).toBe(true);
  });

  it('cannot be deleted: 409 in the spec’s words', async () => {
    const { note } = await noteWithData('Dee');
    expectStatus(await owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' }), 200);
    const refused = await owner.delete(`/api/progress-notes/${note.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DELIVERED_NOTE_UNDELETABLE);
    expect((await download(note.id)).length).toBeGreaterThan(0);
  });

  it('a PDF larger than one item is cut into parts and read back whole; a second store keeps the first', async () => {
    const noteId = randomUUID();
    // Random bytes do not compress: three parts.
    const big = randomBytes(PART_BYTES * 2 + 1000);
    expect((await keepDeliveredPdf(accountId, noteId, big)).equals(big)).toBe(true);
    const parts = await queryPartition<{ SK: string }>({ pk: keys.deliveredReport(accountId, noteId), consistent: true });
    expect(parts.map((p) => p.SK)).toEqual(['PDF#0000', 'PDF#0001', 'PDF#0002']);
    expect((await readDeliveredReport(accountId, noteId)).pdf?.equals(big)).toBe(true);
    expect((await keepDeliveredPdf(accountId, noteId, randomBytes(10))).equals(big)).toBe(true);
  });
});
