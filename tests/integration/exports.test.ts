import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_STUDENTS } from '../../packages/contract/src/school-year.ts';
import { SERVICE_LOG_CSV_HEADER } from '../../packages/contract/src/signatures.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { db } from '../../packages/core/src/db.ts';
import { localExportsDir, localStorage, setExportStorage } from '../../packages/core/src/exports/storage.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem, SessionItem } from '../../packages/core/src/items.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { instantAt } from '../../packages/core/src/school-calendar/dates.ts';
import { MAX_SERVICE_LOG_SESSIONS, TOO_MANY_SESSIONS } from '../../packages/core/src/service-log/service.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { putOrganization, signInChild } from '../support/records.ts';

/**
 * Whole-district exports as background jobs (part 4 §9) over the real routes and DynamoDB Local:
 * a district month larger than the synchronous limit is exported whole, a small one gives the very
 * file the synchronous export gives, and the job is the starter's alone. Today is fixed: Wednesday
 * 16 September 2026 in New York (the account's default zone).
 */
const TODAY = new Date('2026-09-16T16:00:00.000Z');
const ZONE = 'America/New_York';
const STAMP = '2026-01-01T00:00:00.000Z';

let owner: Agent;
let accountId: string;
let ownerId: string;
let orgId: string;
let clients: ClientItem[];

/** Items written 25 to a BatchWrite (retrying what DynamoDB leaves unprocessed), with the keys the product writes. */
async function batchPut(items: Record<string, unknown>[]) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let request: Record<string, any> | undefined = { [tableName()]: chunks[next++]!.map((Item) => ({ PutRequest: { Item } })) };
      while (request && Object.keys(request).length) request = (await db().send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

const clientItem = (i: number): ClientItem => ({
  id: newId(),
  accountId,
  firstName: `Student${String(i).padStart(4, '0')}`,
  lastInitial: 'Q',
  organizationId: orgId,
  status: 'active',
  icd10Codes: i % 3 === 0 ? ['F80.0'] : [],
  medicaidEligible: i % 2 === 0,
  createdAt: STAMP,
  updatedAt: STAMP,
});
const clientRecord = (c: ClientItem) => ({ ...keys.client(accountId, c.id), type: entity.client, ...c });

/** A completed session of the owner at `time` (New York) on `date`, with these participants. */
function sessionItem(date: string, time: string, participants: Record<string, 'present' | 'absent'>): SessionItem {
  const scheduledAt = new Date(instantAt(date, time, ZONE)).toISOString();
  return {
    id: newId(),
    accountId,
    sessionType: 'therapy',
    status: 'completed',
    scheduledAt,
    duration: 30,
    participants: Object.fromEntries(Object.entries(participants).map(([id, status]) => [id, { status, firstName: 'X', lastInitial: 'Y', organizationId: orgId, addedAt: STAMP }])),
    createdAt: STAMP,
    updatedAt: STAMP,
    createdBy: ownerId,
    providerId: ownerId,
  };
}
const sessionRecord = (s: SessionItem) => ({
  ...keys.session(accountId, s.id),
  ...keys.sessionIndex(accountId, s.scheduledAt, s.id),
  ...keys.sessionProviderIndex(accountId, ownerId, s.scheduledAt, s.id),
  type: entity.session,
  ...s,
});

/** Starts an export and waits for its job; the finished job. */
async function exported(agent: Agent, body: Record<string, unknown>) {
  const started = expectStatus(await agent.post('/api/exports', body), 202);
  expect(started).toMatchObject({ status: 'running', progress: 0, rows: 0 });
  await whenJobsIdle();
  return expectStatus(await agent.get(`/api/exports/${started.id}`), 200);
}
const fileOf = async (agent: Agent, job: { downloadUrl: string }) => {
  const res = await agent.get(job.downloadUrl);
  expect(res.status).toBe(200);
  return res;
};

beforeAll(async () => {
  testClock.set(TODAY);
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  ownerId = signedUp.user.id;
  orgId = (await putOrganization(accountId, 'Alder Elementary')).id;
  clients = Array.from({ length: 40 }, (_, i) => clientItem(i));
  await batchPut(clients.map(clientRecord));
});
afterAll(() => {
  testClock.reset();
  setExportStorage(undefined);
});

describe('a small period', () => {
  it('gives the same service-log file as the synchronous export, byte for byte', async () => {
    // July: groups, an absent student, sessions starting together, a session with nobody present.
    const [a, b, c, d] = clients as [ClientItem, ClientItem, ClientItem, ClientItem];
    const sessions = [
      sessionItem('2026-07-06', '09:00', { [a.id]: 'present', [b.id]: 'present', [c.id]: 'absent' }),
      sessionItem('2026-07-06', '09:00', { [d.id]: 'present' }),
      sessionItem('2026-07-07', '10:30', { [c.id]: 'present' }),
      sessionItem('2026-07-08', '13:00', { [a.id]: 'absent' }),
      sessionItem('2026-07-31', '23:30', { [b.id]: 'present', [d.id]: 'present' }),
    ];
    await batchPut(sessions.map(sessionRecord));
    const query = { from: '2026-07-01', to: '2026-07-31', assignedTo: 'all' };
    const sync = await owner.get(`/api/service-log/export?from=${query.from}&to=${query.to}&assignedTo=all`);
    expect(sync.status).toBe(200);
    for (const filters of [{}, { medicaidOnly: true }]) {
      const job = await exported(owner, { kind: 'serviceLog', ...query, ...filters });
      expect(job).toMatchObject({ status: 'done', progress: 100, fileName: 'service-log-2026-07-01-to-2026-07-31.csv', downloadUrl: `/api/exports/${job.id}/file` });
      const file = await fileOf(owner, job);
      if (Object.keys(filters).length) {
        const filtered = await owner.get(`/api/service-log/export?from=${query.from}&to=${query.to}&assignedTo=all&medicaidOnly=true`);
        expect(file.text).toBe(filtered.text);
      } else {
        expect(job.rows).toBe(6);
        expect(file.text).toBe(sync.text);
        expect(file.headers['Content-Disposition']).toBe(`attachment; filename="${job.fileName}"`);
      }
    }
  });

  it("gives the same minutes file as the synchronous export of the district's list", async () => {
    const sync = await owner.get('/api/service-minutes/export?assignedTo=all');
    expect(sync.status).toBe(200);
    const job = await exported(owner, { kind: 'minutes', assignedTo: 'all' });
    expect(job).toMatchObject({ status: 'done', rows: clients.length });
    expect((await fileOf(owner, job)).text).toBe(sync.text);
  });
});

describe('a whole district', () => {
  const SESSIONS = 5_200;
  it(`exports a month of more than ${MAX_SERVICE_LOG_SESSIONS} sessions, every line, and minutes of more than 500 students`, async () => {
    // August: 5,200 sessions, one student present in each, spread over the month's days and hours.
    const sessions = Array.from({ length: SESSIONS }, (_, i) => {
      const day = String(1 + (i % 31)).padStart(2, '0');
      const time = `${String(8 + (i % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
      return sessionItem(`2026-08-${day}`, time, { [clients[i % clients.length]!.id]: 'present' });
    });
    await batchPut(sessions.map(sessionRecord));
    const month = 'from=2026-08-01&to=2026-08-31&assignedTo=all';
    const refused = await owner.get(`/api/service-log?${month}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_MANY_SESSIONS);

    // Counted around the job alone: every request the table client sends.
    let requests = 0;
    const counter = 'countExportRequests';
    db().middlewareStack.add((next) => (args) => ((requests += 1), next(args)), { step: 'initialize', name: counter });
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 20);
    const startedAt = performance.now();
    const job = await exported(owner, { kind: 'serviceLog', from: '2026-08-01', to: '2026-08-31', assignedTo: 'all' });
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    db().middlewareStack.remove(counter);
    console.log(
      `service-log export of ${SESSIONS} sessions: ${seconds.toFixed(1)} s, ${requests} DynamoDB requests, heap +${((peakHeap - before.heapUsed) / 2 ** 20).toFixed(0)} MiB at peak, RSS +${((peakRss - before.rss) / 2 ** 20).toFixed(0)} MiB`,
    );

    expect(job).toMatchObject({ status: 'done', progress: 100, rows: SESSIONS });
    const lines = (await fileOf(owner, job)).text.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${SERVICE_LOG_CSV_HEADER}`);
    expect(lines.length).toBe(SESSIONS + 2);
    const dates = lines.slice(1, -1).map((l) => l.slice(1, 11));
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(31);

    // Minutes: more students than the synchronous list shows.
    await batchPut(Array.from({ length: 480 }, (_, i) => clientRecord(clientItem(1000 + i))));
    const tooMany = await owner.get('/api/service-minutes/export?assignedTo=all');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(TOO_MANY_STUDENTS);
    const minutes = await exported(owner, { kind: 'minutes', assignedTo: 'all' });
    expect(minutes).toMatchObject({ status: 'done', rows: 520 });
    expect((await fileOf(owner, minutes)).text.split('\r\n')).toHaveLength(522);
  });
});

describe('who may export and read a job', () => {
  it('is refused (403) without "View reports"', async () => {
    const { agent } = await signInChild(accountId, { canViewReports: false });
    const res = await agent.post('/api/exports', { kind: 'serviceLog', assignedTo: 'all' });
    expect(res.status).toBe(403);
  });

  it("answers 404 for another account's job and for another user's job, and the file too", async () => {
    const job = await exported(owner, { kind: 'minutes', assignedTo: 'me' });
    const stranger = (await signUpOwner()).agent;
    const colleague = (await signInChild(accountId, { canViewReports: true })).agent;
    for (const agent of [stranger, colleague]) {
      for (const path of [`/api/exports/${job.id}`, `/api/exports/${job.id}/file`]) {
        const res = await agent.get(path);
        expect(res.status).toBe(404);
        expect(res.text).not.toContain('Student');
      }
    }
  });

  it('refuses bad filters with 400 before any job starts', async () => {
    const res = await owner.post('/api/exports', { kind: 'serviceLog', from: '2026-01-01', to: '2027-06-01' });
    expect(res.status).toBe(400);
    expect((await owner.post('/api/exports', { kind: 'everything' })).status).toBe(400);
  });
});

describe('a job that fails', () => {
  it('reads failed, its file is not served, and trying again makes the file', async () => {
    setExportStorage({ ...localStorage, put: () => Promise.reject(new Error('storage unavailable')) });
    const failed = await exported(owner, { kind: 'serviceLog', from: '2026-07-01', to: '2026-07-31', assignedTo: 'all' });
    expect(failed.status).toBe('failed');
    expect(failed.downloadUrl).toBeUndefined();
    expect((await owner.get(`/api/exports/${failed.id}/file`)).status).toBe(404);

    setExportStorage(undefined);
    const retried = await exported(owner, { kind: 'serviceLog', from: '2026-07-01', to: '2026-07-31', assignedTo: 'all' });
    expect(retried).toMatchObject({ status: 'done', rows: 6 });
  });
});

describe('local storage', () => {
  it("keeps the file under the data folder's exports, in the account's folder, and serves it to its starter", async () => {
    const job = await exported(owner, { kind: 'minutes', assignedTo: 'all' });
    expect(existsSync(join(localExportsDir(), accountId, `${job.id}.csv`))).toBe(true);
    const res = await owner.get(job.downloadUrl);
    expect(res.headers['Content-Type']).toContain('text/csv');
    expect(res.text.startsWith('\uFEFFStudent,')).toBe(true);
  });
});
