import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFileNames, type DataDictionary } from '../../packages/contract/src/export-files.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { db } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { LOCAL_DOWNLOAD_PREFIX } from '../../packages/core/src/exports/local-download.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { createLocalServer } from '../../packages/local/src/server.ts';
import type { Agent } from '../support/api.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { buildTenant, type Tenant } from '../support/tenant.ts';

/**
 * The whole export (part 4 §5) over the real routes, the real job mechanism, DynamoDB Local and the
 * local server's one-time download link: the sample tenant (one of every kind of record) exported,
 * unzipped and checked against its own reads, its dictionary and its secrets.
 */
let tenant: Tenant;
let server: Server;
let origin: string;
/** A second student in a group session with the tenant's student: a name that must never leave in the first one's export. */
const OTHER_NAME = 'Zebediah';
let otherClientId: string;

const answer = <T>(res: { status: number; body: unknown }, status: number) => expectStatus(res, status) as T;

interface Job {
  id: string;
  status: string;
  progress: number;
  downloadUrl?: string;
}

async function finishedExport(agent: Agent, body: object): Promise<Job> {
  const started = answer<Job>(await agent.post('/api/exports', body), 202);
  expect(started).toMatchObject({ status: 'running', progress: 0 });
  await whenJobsIdle();
  return answer<Job>(await agent.get(`/api/exports/${started.id}`), 200);
}

/** Downloads with the link alone (no cookie), as a browser following a presigned link does. */
const fetchLink = (url: string) => fetch(`${origin}${url}`);

async function unzip(job: Job): Promise<Record<string, Uint8Array>> {
  const res = await fetchLink(job.downloadUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const linesOf = (files: Record<string, Uint8Array>, name: string) =>
  strFromU8(files[name]!)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let accountZip: Record<string, Uint8Array>;

beforeAll(async () => {
  tenant = await buildTenant();
  server = createLocalServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const other = answer<{ id: string }>(
    await tenant.agent.post('/api/clients', { firstName: OTHER_NAME, lastInitial: 'X', organizationId: tenant.ids.organizationId, status: 'active' }),
    201,
  );
  otherClientId = other.id;
  expectStatus(await tenant.agent.post(`/api/sessions/${tenant.ids.signedSessionId}/participants`, { clientId: otherClientId }), 200);
  const job = await finishedExport(tenant.agent, { scope: 'account' });
  expect(job).toMatchObject({ status: 'done', progress: 100 });
  accountZip = await unzip(job);
}, 180_000);

afterAll(async () => {
  testClock.reset();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the district's whole export", () => {
  it('holds exactly the files part 4 §5 lists, and a PDF of the signed note', () => {
    const names = Object.keys(accountZip);
    const expected = ['manifest.json', 'data-dictionary.md', 'data-dictionary.json', ...exportFileNames.map((n) => `${n}.jsonl`), 'csv/service-log.csv', 'csv/minutes.csv'];
    expect(names.filter((n) => !n.startsWith('pdf/')).sort()).toEqual(expected.sort());
    expect(exportFileNames).toEqual([
      'users',
      'organizations',
      'clients',
      'ieps',
      'goals',
      'goal-templates',
      'sessions',
      'session-series',
      'progress',
      'trials',
      'session-notes',
      'progress-notes',
      'reporting-periods',
      'school-years',
      'closures',
      'service-log',
      'audit-events',
    ]);
    const pdfs = names.filter((n) => n.startsWith('pdf/session-notes/'));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toContain(`${tenant.ids.signedSessionId}-${tenant.ids.clientId}`);
    expect(strFromU8(accountZip[pdfs[0]!]!.slice(0, 5))).toBe('%PDF-');
  });

  it("counts in its manifest what each file holds, and what the district's own reads answer", async () => {
    const manifest = JSON.parse(strFromU8(accountZip['manifest.json']!)) as { schemaVersion: number; createdBy: string; scope: string; counts: Record<string, number> };
    expect(manifest).toMatchObject({ schemaVersion: 1, createdBy: tenant.userId, scope: 'account' });
    for (const name of exportFileNames) expect(manifest.counts[`${name}.jsonl`], name).toBe(linesOf(accountZip, `${name}.jsonl`).length);
    const clients = answer<{ id: string }[]>(await tenant.agent.get('/api/clients'), 200);
    expect(linesOf(accountZip, 'clients.jsonl').map((c) => c.id).sort()).toEqual(clients.map((c) => c.id).sort());
    const users = answer<{ id: string }[]>(await tenant.agent.get('/api/users'), 200);
    // The users list answers the owner's users; the owner is a user of the district too.
    expect(linesOf(accountZip, 'users.jsonl').map((u) => u.id).sort()).toEqual([tenant.userId, ...users.map((u) => u.id)].sort());
    const ids = (name: string) => linesOf(accountZip, name).map((r) => r.id);
    expect(ids('sessions.jsonl')).toEqual(expect.arrayContaining([tenant.ids.sessionId, tenant.ids.signedSessionId]));
    expect(ids('goals.jsonl')).toEqual([tenant.ids.goalId]);
    expect(ids('ieps.jsonl')).toEqual([tenant.ids.iepId]);
    expect(ids('goal-templates.jsonl')).toEqual([tenant.ids.templateId]);
    expect(ids('progress-notes.jsonl')).toContain(tenant.ids.noteId);
    expect(linesOf(accountZip, 'session-notes.jsonl')).toHaveLength(2);
    const signed = linesOf(accountZip, 'session-notes.jsonl').find((n) => n.sessionId === tenant.ids.signedSessionId)!;
    expect(signed.signature).toMatchObject({ userId: tenant.userId, facts: expect.objectContaining({ minutes: 30 }) });
    expect(linesOf(accountZip, 'closures.jsonl')).toEqual([expect.objectContaining({ label: `${tenant.marker} closure` })]);
    expect(linesOf(accountZip, 'reporting-periods.jsonl')).toEqual([expect.objectContaining({ name: `${tenant.marker} period` })]);
    expect(linesOf(accountZip, 'audit-events.jsonl').length).toBeGreaterThan(5);
    // The service log: the signed session's present student, in the JSON Lines file and the CSV alike.
    expect(linesOf(accountZip, 'service-log.jsonl')).toEqual([expect.objectContaining({ sessionId: tenant.ids.signedSessionId, clientId: tenant.ids.clientId, signed: true })]);
    expect(manifest.counts['csv/service-log.csv']).toBe(1);
    expect(strFromU8(accountZip['csv/service-log.csv']!)).toContain(`${tenant.marker} Q.`);
    expect(strFromU8(accountZip['csv/minutes.csv']!)).toContain(`${tenant.marker} Q.`);
  });

  it('describes every file and every field of every line in its dictionary, generated from the contract', () => {
    const dictionary = JSON.parse(strFromU8(accountZip['data-dictionary.json']!)) as DataDictionary;
    expect(Object.keys(dictionary.files).sort()).toEqual(exportFileNames.map((n) => `${n}.jsonl`).sort());
    for (const [file, def] of Object.entries(dictionary.files)) {
      expect(def.description, file).not.toBe('');
      for (const [field, d] of Object.entries(def.fields)) {
        expect(d.description, `${file} ${field}`).not.toBe('');
        expect(d.type, `${file} ${field}`).not.toBe('');
      }
      for (const line of linesOf(accountZip, file)) for (const field of Object.keys(line)) expect(def.fields[field], `${file}: ${field}`).toBeDefined();
    }
    const markdown = strFromU8(accountZip['data-dictionary.md']!);
    for (const file of Object.keys(dictionary.files)) expect(markdown).toContain(`## ${file}`);
  });

  it('holds no secret of any kind: password hashes, second-factor and sign-in secrets, login, device, share and upload tokens and their hashes', async () => {
    // Every secret the table holds for this district (and the sign-in items outside its partition), by attribute or key.
    const secrets = new Set<string>();
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
      for (const item of page.Items ?? []) {
        const mine = JSON.stringify(item).includes(tenant.accountId);
        if (!mine) continue;
        for (const [name, value] of Object.entries(item)) {
          if (/hash|secret|token|password/i.test(name) && typeof value === 'string' && value.length >= 8) secrets.add(value);
        }
        for (const key of [item.PK, item.SK] as string[]) {
          const m = /^(LSESS#|TDEV#|EXPDL#)(.+)$/.exec(key);
          if (m) secrets.add(m[2]!);
        }
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    expect(secrets.size).toBeGreaterThan(2);
    const text = Object.entries(accountZip)
      .filter(([name]) => !name.endsWith('.pdf'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const secret of secrets) expect(text.includes(secret), 'a secret left in the export').toBe(false);
    expect(text).not.toMatch(/passwordHash|twoFactorSecret|twoFactorPendingSecret|uploadTokenHash|tokenHash|clientSecret/);
  });
});

describe("one student's export", () => {
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    files = await unzip(await finishedExport(tenant.agent, { scope: 'client', clientId: tenant.ids.clientId }));
  }, 60_000);

  it("holds that student's records only: the other student of a group session reads 'another student'", () => {
    expect(linesOf(files, 'clients.jsonl').map((c) => c.id)).toEqual([tenant.ids.clientId]);
    const group = linesOf(files, 'sessions.jsonl').find((s) => s.id === tenant.ids.signedSessionId)!;
    expect(Object.keys(group.participants as object).sort()).toEqual(['another student 1', tenant.ids.clientId].sort());
    expect((group.participants as Record<string, { firstName: string }>)['another student 1']!.firstName).toBe('another student');
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.pdf')) continue;
      const text = strFromU8(bytes);
      expect(text.includes(otherClientId), name).toBe(false);
      expect(text.includes(OTHER_NAME), name).toBe(false);
    }
    for (const name of ['ieps', 'goals', 'progress', 'session-notes', 'progress-notes', 'service-log', 'trials'] as const) {
      for (const line of linesOf(files, `${name}.jsonl`)) expect(line.clientId, name).toBe(tenant.ids.clientId);
    }
    expect(linesOf(files, 'goal-templates.jsonl')).toEqual([]);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { scope: string; clientId: string };
    expect(manifest).toMatchObject({ scope: 'client', clientId: tenant.ids.clientId });
  });

  it('holds only the audit events about that student', () => {
    const events = linesOf(files, 'audit-events.jsonl');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.entityId).toBe(tenant.ids.clientId);
  });
});

describe('who may export', () => {
  it("a user with canEditClients exports a student they see; not one outside their organizations (404), nor without the right (403), nor the district's whole record (403)", async () => {
    const editor = await createChild(tenant.agent, { canEditClients: true, allowedOrganizationIds: [tenant.ids.organizationId] });
    expect((await finishedExport(editor.agent, { scope: 'client', clientId: tenant.ids.clientId })).status).toBe('done');
    expect((await editor.agent.post('/api/exports', { scope: 'account' })).status).toBe(403);
    const elsewhere = answer<{ id: string }>(await tenant.agent.post('/api/organizations', { name: `${tenant.marker} Other School`, type: 'school' }), 201);
    const hidden = await createChild(tenant.agent, { canEditClients: true, allowedOrganizationIds: [elsewhere.id] });
    expect((await hidden.agent.post('/api/exports', { scope: 'client', clientId: tenant.ids.clientId })).status).toBe(404);
    const reader = await createChild(tenant.agent, { canViewReports: true });
    expect((await reader.agent.post('/api/exports', { scope: 'client', clientId: tenant.ids.clientId })).status).toBe(403);
  });

  it("another district's owner gets 404 for this district's student and job", async () => {
    const stranger = await signUpOwner();
    expect((await stranger.agent.post('/api/exports', { scope: 'client', clientId: tenant.ids.clientId })).status).toBe(404);
    const job = answer<Job>(await tenant.agent.post('/api/exports', { scope: 'client', clientId: tenant.ids.clientId }), 202);
    await whenJobsIdle();
    expect((await stranger.agent.get(`/api/exports/${job.id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/api/exports/${job.id}/file`)).status).toBe(404);
  });
});

describe('the download link', () => {
  it('works once, without a cookie; a link not used within 15 minutes stops working, and reading the job gives a fresh one', async () => {
    const job = await finishedExport(tenant.agent, { scope: 'client', clientId: tenant.ids.clientId });
    expect(job.downloadUrl!.startsWith(LOCAL_DOWNLOAD_PREFIX)).toBe(true);
    expect((await fetchLink(job.downloadUrl!)).status).toBe(200);
    expect((await fetchLink(job.downloadUrl!)).status).toBe(403);
    // A forged token for the same job is refused like a spent one.
    expect((await fetchLink(job.downloadUrl!.replace(/token=[^&]+/, 'token=forged'))).status).toBe(403);

    const unused = answer<Job>(await tenant.agent.get(`/api/exports/${job.id}`), 200).downloadUrl!;
    testClock.advance(16 * 60_000);
    try {
      expect((await fetchLink(unused)).status).toBe(403);
      const fresh = answer<Job>(await tenant.agent.get(`/api/exports/${job.id}`), 200).downloadUrl!;
      expect(fresh).not.toBe(unused);
      expect((await fetchLink(fresh)).status).toBe(200);
    } finally {
      testClock.reset();
    }
  });
});

describe('a larger district', () => {
  const CLIENTS = 300;
  const SESSIONS = 3000;

  /** Items written 25 to a BatchWrite (retrying what DynamoDB leaves unprocessed), with the keys the product writes. */
  async function batchPut(items: Record<string, unknown>[]) {
    for (let i = 0; i < items.length; i += 25) {
      let request: Record<string, any> | undefined = { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
      while (request && Object.keys(request).length) request = (await db().send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems;
    }
  }

  it(`exports ${CLIENTS} students and ${SESSIONS} sessions whole, a page at a time (measured)`, async () => {
    const { agent, user } = await signUpOwner();
    const accountId = user.accountId as string;
    const stamp = '2026-01-05T15:00:00.000Z';
    const clients = Array.from({ length: CLIENTS }, (_, i) => ({ id: newId(), accountId, firstName: `Student${i}`, lastInitial: 'Q', status: 'active', createdAt: stamp, updatedAt: stamp }));
    await batchPut(clients.map((c) => ({ ...keys.client(accountId, c.id), type: entity.client, ...c })));
    const sessions = Array.from({ length: SESSIONS }, (_, i) => {
      const client = clients[i % CLIENTS]!;
      const scheduledAt = new Date(Date.parse(stamp) + i * 3_600_000).toISOString();
      return {
        id: newId(),
        accountId,
        sessionType: 'therapy',
        status: 'completed',
        scheduledAt,
        duration: 30,
        providerId: user.id,
        participants: { [client.id]: { status: 'present', firstName: client.firstName, lastInitial: 'Q', addedAt: stamp } },
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    await batchPut(
      sessions.map((s) => ({ ...keys.session(accountId, s.id), ...keys.sessionIndex(accountId, s.scheduledAt, s.id), ...keys.sessionProviderIndex(accountId, user.id, s.scheduledAt, s.id), type: entity.session, ...s })),
    );

    let requests = 0;
    const counter = 'countWholeExportRequests';
    db().middlewareStack.add((next) => (args) => ((requests += 1), next(args)), { step: 'initialize', name: counter });
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
    const startedAt = performance.now();
    const job = await finishedExport(agent, { scope: 'account' });
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    db().middlewareStack.remove(counter);
    const files = await unzip(job);
    const size = Object.values(files).reduce((n, f) => n + f.length, 0);
    console.log(`whole export of ${CLIENTS} students and ${SESSIONS} sessions: ${seconds.toFixed(1)} s, ${requests} DynamoDB requests, heap +${((peak - before) / 2 ** 20).toFixed(0)} MiB at peak, ${(size / 2 ** 20).toFixed(1)} MiB unzipped`);

    expect(linesOf(files, 'clients.jsonl')).toHaveLength(CLIENTS);
    expect(linesOf(files, 'sessions.jsonl')).toHaveLength(SESSIONS);
    expect(linesOf(files, 'service-log.jsonl')).toHaveLength(SESSIONS);
    expect(strFromU8(files['csv/minutes.csv']!).trim().split('\r\n')).toHaveLength(CLIENTS + 1);
  }, 300_000);
});
