import { Readable } from 'node:stream';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_NAME_MISMATCH, DELETION_NOTICE_DAYS } from '../../packages/contract/src/account-lifecycle.ts';
import { deleteAccount, readDeletionCertificate } from '../../packages/core/src/account-deletion/delete-account.ts';
import { db } from '../../packages/core/src/db.ts';
import { localExportsDir } from '../../packages/core/src/exports/storage.ts';
import { fileKeys } from '../../packages/core/src/keys.ts';
import { localRosterDir, writeLocalUpload } from '../../packages/core/src/roster/storage.ts';
import { addDays, localDate } from '../../packages/core/src/school-calendar/dates.ts';
import { everyAccount, type AccountSettingsItem } from '../../packages/core/src/scheduled-jobs/accounts.ts';
import { runJobsDueAt } from '../../packages/core/src/scheduled-jobs/jobs.ts';
import { unlimited } from '../../packages/core/src/scheduled-jobs/types.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { createChild, signIn, signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { buildTenant, type Tenant } from '../support/tenant.ts';

/**
 * Deletion at contract end (part 4 §5) over the real routes and the real jobs: the owner asks with
 * the district's name, every user reads the date, the owner can cancel; on the date the daily job
 * deletes every item (the table is scanned for anything left) and file of the district and keeps
 * a certificate, and another district is untouched. A run stopped midway finishes on the next.
 */

type Raw = Record<string, unknown>;

async function scanAll(): Promise<Raw[]> {
  const items: Raw[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Raw[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item that is the account's: under its partitions or indexes, or naming it (sign-in items outside it). */
const itemsOf = (items: Raw[], accountId: string) =>
  items.filter((item) => item.type !== 'DeletionCertificate' && (JSON.stringify([item.PK, item.GSI1PK, item.GSI2PK]).includes(accountId) || item.accountId === accountId));

/** The daily deletion job's minute on `date`. */
const deletionRunOn = (date: string) => new Date(`${date}T10:00:00Z`);

let doomed: Tenant;
let other: Tenant;
let colleague: { agent: Agent; email: string };

beforeAll(async () => {
  [doomed, other] = [await buildTenant(), await buildTenant()];
  colleague = await createChild(doomed.agent, { canViewReports: true });
  // A roster upload on disk, as the local upload route writes it.
  await writeLocalUpload(fileKeys.rosterUpload(doomed.accountId, doomed.ids.rosterImportId), Readable.from([Buffer.from('PK zip')]));
}, 180_000);

describe('asking for the deletion', () => {
  it('refuses a wrong name with the spec words, and anyone but the owner', async () => {
    const wrong = await doomed.agent.post('/api/account/deletion', { confirmName: 'Some other district' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CONFIRM_NAME_MISMATCH);
    expect((await doomed.agent.post('/api/account/deletion', {})).status).toBe(400);
    expect((await colleague.agent.post('/api/account/deletion', { confirmName: `${doomed.marker} District` })).status).toBe(403);
    expect((await colleague.agent.delete('/api/account/deletion')).status).toBe(403);
    expect(expectStatus(await colleague.agent.get('/api/account'), 200).deletionScheduledFor).toBeNull();
  });

  it('schedules it 30 days ahead, shows the date to every user of the district only, and the owner cancels', async () => {
    const account = expectStatus(await doomed.agent.post('/api/account/deletion', { confirmName: `  ${doomed.marker}   District ` }), 200);
    const expected = addDays(localDate(new Date(), account.timeZone), DELETION_NOTICE_DAYS);
    expect(account.deletionScheduledFor).toBe(expected);
    expect(expectStatus(await colleague.agent.get('/api/account'), 200).deletionScheduledFor).toBe(expected);
    // Asking again keeps the first date.
    expect(expectStatus(await doomed.agent.post('/api/account/deletion', { confirmName: `${doomed.marker} District` }), 200).deletionScheduledFor).toBe(expected);
    // Another district sees nothing of it, and its owner's cancel touches only its own.
    expect(expectStatus(await other.agent.get('/api/account'), 200).deletionScheduledFor).toBeNull();
    expectStatus(await other.agent.delete('/api/account/deletion'), 200);
    expect(expectStatus(await colleague.agent.get('/api/account'), 200).deletionScheduledFor).toBe(expected);

    expect(expectStatus(await doomed.agent.delete('/api/account/deletion'), 200).deletionScheduledFor).toBeNull();
    expect(expectStatus(await colleague.agent.get('/api/account'), 200).deletionScheduledFor).toBeNull();
  });
});

describe('on the date', () => {
  let date: string;
  let otherBefore: string;

  beforeAll(async () => {
    date = expectStatus(await doomed.agent.post('/api/account/deletion', { confirmName: `${doomed.marker} District` }), 200).deletionScheduledFor;
    otherBefore = await fingerprint(other.accountId);
  });

  it('deletes nothing the day before', async () => {
    await runJobsDueAt(deletionRunOn(addDays(date, -1)), unlimited);
    expect(expectStatus(await doomed.agent.get('/api/account'), 200).deletionScheduledFor).toBe(date);
  });

  it('deletes every item and file of the district, keeps a certificate outside it, and leaves the other district as it was', async () => {
    const before = itemsOf(await scanAll(), doomed.accountId);
    expect(before.length).toBeGreaterThan(40);
    expect(existsSync(join(localExportsDir(), doomed.accountId))).toBe(true);

    const [deletion] = await runJobsDueAt(deletionRunOn(date), unlimited);
    expect(deletion).toEqual({ job: 'account-deletion', result: { done: true, summary: { deleted: 1, unfinished: 0 } } });

    expect(itemsOf(await scanAll(), doomed.accountId)).toEqual([]);
    expect(existsSync(join(localExportsDir(), doomed.accountId))).toBe(false);
    expect(existsSync(join(localRosterDir(), doomed.accountId))).toBe(false);
    expect(await fingerprint(other.accountId)).toBe(otherBefore);

    const certificate = await readDeletionCertificate(doomed.accountId);
    expect(certificate).toMatchObject({ accountId: doomed.accountId, accountName: `${doomed.marker} District`, scheduledFor: date, status: 'deleted', runs: 1 });
    expect(certificate!.deletedAt).toBeDefined();
    // Every item counted once, under its kind.
    const total = Object.values(certificate!.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(before.length);
    expect(certificate!.counts).toMatchObject({ Account: 1, User: 3, Client: 1, Session: expect.any(Number), SessionNote: expect.any(Number), AuditEvent: expect.any(Number), EmailLookup: 3 });
    expect(certificate!.files).toEqual({ exportFile: 1, rosterUpload: 1 });
  });

  it('answers the requests of signed-in users 401, and their sign-in 401, never 500', async () => {
    expect((await doomed.agent.get('/api/account')).status).toBe(401);
    expect((await colleague.agent.get('/api/clients')).status).toBe(401);
    expect((await colleague.agent.post('/api/clients', { firstName: 'Late', lastInitial: 'W' })).status).toBe(401);
    await expect(signIn(doomed.email)).rejects.toThrow(/login failed: 401/);
    // The other district goes on.
    expect((await other.agent.get('/api/clients')).status).toBe(200);
  });

  it('lets the e-mail of a deleted district register again', async () => {
    const again = await signUpOwner({ email: colleague.email });
    expect(again.user.accountId).not.toBe(doomed.accountId);
  });
});

describe('a deletion that stops midway', () => {
  it('goes on at the next run, in batches, and counts every item once', async () => {
    const big = await buildTenant();
    for (let i = 0; i < 60; i++) expectStatus(await big.agent.post('/api/clients', { firstName: `Pupil${i}`, lastInitial: 'B' }), 201);
    const date = expectStatus(await big.agent.post('/api/account/deletion', { confirmName: `${big.marker} District` }), 200).deletionScheduledFor;
    const before = itemsOf(await scanAll(), big.accountId);

    let batches = 0;
    let account: AccountSettingsItem | undefined;
    for await (const a of everyAccount()) if (a.id === big.accountId) account = a;
    if (!account) throw new Error('the account is listed');
    expect(await deleteAccount(account, deletionRunOn(date).toISOString(), { exhausted: () => ++batches > 1 })).toBe('stopped');
    const left = itemsOf(await scanAll(), big.accountId);
    expect(left.length).toBeLessThan(before.length);
    expect(left.length).toBeGreaterThan(0);
    expect((await readDeletionCertificate(big.accountId))?.status).toBe('deleting');

    const [deletion] = await runJobsDueAt(deletionRunOn(date), unlimited);
    expect(deletion!.result.summary.deleted).toBe(1);
    expect(itemsOf(await scanAll(), big.accountId)).toEqual([]);
    const certificate = await readDeletionCertificate(big.accountId);
    expect(certificate).toMatchObject({ status: 'deleted', runs: 2 });
    expect(Object.values(certificate!.counts).reduce((a, b) => a + b, 0)).toBe(before.length);
  }, 180_000);
});

