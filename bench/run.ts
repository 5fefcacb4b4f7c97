/**
 * `npm run bench`: figures for ../shared/ARCHITECTURE.md §9 and issue 14, printed and written to
 * bench/results.md.
 *
 * One process runs the local server (the same handlers) over a fresh DynamoDB Local in its on-disk
 * mode (the one `npm start` uses), seeds two districts (BENCH_SMALL_CLIENTS, default 2,000, and
 * BENCH_LARGE_CLIENTS, default 20,000; 0 skips the large one) with BENCH_WEEKS weeks of sessions
 * (default 6), and measures each issue-14 read as a ratio to the bare Query or GetItem of the same
 * items on the same DynamoDB Local, taken in alternation; then API latency under concurrent load,
 * lost autosave writes, the dashboard's cost at both sizes, answer sizes plain and compressed, bulk
 * note generation, time to a usable screen in Chromium, resident memory, the SPA's first-load JS,
 * and bundle sizes with cold imports.
 */
// The SDK warns once per process that Node 20 leaves its support in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, ensureTable } from '../packages/core/src/db.ts';
import { entity, keys, sortKeys } from '../packages/core/src/keys.ts';
import { cueLevels } from '../packages/contract/src/trials.ts';
import { localNoteGenerator } from '../packages/core/src/notes/local-generator.ts';
import { setNoteGenerator } from '../packages/core/src/notes/generator.ts';
import { bulkConcurrency } from '../packages/core/src/notes/bulk-runner.ts';
import { tableName } from '../packages/core/src/table.ts';
import { DEFAULT_DYNAMODB_LOCAL_HEAP, startDynamoLocal } from '../packages/local/src/dynamodb-local.ts';
import { HttpClient } from '../packages/local/src/http-client.ts';
import { buildWebIfStale, repoRoot, startApp } from '../packages/local/src/runtime.ts';
import { collectBundles } from '../infra/report-bundles.ts';
import { percentile, runLoad, summarize, type LoadResult } from './load.ts';
import { measure } from './measure.ts';
import { DEFAULT_TIME_ZONE } from '../packages/contract/src/school-year.ts';
import { localDate } from '../packages/core/src/school-calendar/dates.ts';
import { benchSchoolYear, mondayOf, seedDistrict, type SeededDistrict } from './seed-large.ts';

const SMALL = Number(process.env.BENCH_SMALL_CLIENTS ?? 2000);
const LARGE = Number(process.env.BENCH_LARGE_CLIENTS ?? 20000);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
/** Rounds of (API call, bare call) pairs behind each ratio. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const RSS_BUDGET_GIB = 1.5;

const lines: string[] = [];
const out = (s = '') => {
  console.log(s);
  lines.push(s);
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const x = (n: number) => `${n.toFixed(2)}×`;
const thousands = (n: number) => n.toLocaleString('en-US');
/** One line per budget: met, or missed by how much and why. */
const budgets: string[] = [];
/** The hot paths of issue 27, one table row each: DynamoDB requests and ratio beside their budgets. */
const hotPaths: string[] = [];

/** Counts DynamoDB requests made by the shared client (the server runs in this process). */
let dynamoRequests = 0;
function installRequestCounter() {
  db().middlewareStack.add((next) => async (args) => {
    dynamoRequests++;
    return next(args);
  }, { step: 'initialize', name: 'benchCounter' });
}

/** The fewest requests of three calls: now and then a call also refreshes its login session's "last seen". */
async function countRequests(fn: () => Promise<unknown>) {
  let fewest = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = dynamoRequests;
    await fn();
    fewest = Math.min(fewest, dynamoRequests - before);
  }
  return fewest;
}

/** The median time of `fn` called 50 times one after another. */
async function sequentialP50(fn: () => Promise<unknown>, times = 50): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  return percentile(latencies.sort((a, b) => a - b), 50);
}

interface Paired {
  /** As `npm start` runs: every answer is also parsed with its route's strict response schema. */
  api: number;
  bare: number;
  ratio: number;
  /** As the Lambda bundles run (NODE_ENV=production): the answer check is compiled out. */
  apiProduction: number;
  bareProduction: number;
  ratioProduction: number;
  requests: number;
  items: number;
  /**
   * The API call as deployed against the same DynamoDB requests it makes, made bare one after the
   * other (its floor): what the handler, HTTP and validation add. Only for the hot paths.
   */
  overFloor?: number;
  /** Those bare requests (the floor) against the bare call of the comparison, as deployed. */
  floorRatio?: number;
}

/** The DynamoDB requests an API call makes, made bare in the same order. */
type Floor = () => Promise<unknown>;

/**
 * Medians of the API call and the bare call (and the call's floor, if given) alternated one after
 * the other, so all meet the same machine load.
 */
async function alternate(api: () => Promise<unknown>, bare: () => Promise<number>, floor?: Floor) {
  const a: number[] = [];
  const b: number[] = [];
  const f: number[] = [];
  let items = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await api();
    a.push(performance.now() - t);
    t = performance.now();
    items = await bare();
    b.push(performance.now() - t);
    if (floor) {
      t = performance.now();
      await floor();
      f.push(performance.now() - t);
    }
  }
  const median = (values: number[]) => percentile(values.sort((p, q) => p - q), 50);
  return { api: median(a), bare: median(b), floor: f.length ? median(f) : undefined, items };
}

/**
 * The API call and the bare DynamoDB call of the same items, ROUNDS rounds after a warm-up, twice:
 * with the development answer check `npm start` runs with, and with NODE_ENV=production (the
 * pipeline reads it per answer), as deployed.
 */
async function paired(api: () => Promise<unknown>, bare: () => Promise<number>, floor?: Floor): Promise<Paired> {
  for (let i = 0; i < 5; i++) {
    await api();
    await bare();
  }
  const requests = await countRequests(api);
  const dev = await alternate(api, bare);
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const prod = await alternate(api, bare, floor);
    const overFloor = prod.floor === undefined ? undefined : prod.api / prod.floor;
    const floorRatio = prod.floor === undefined ? undefined : prod.floor / prod.bare;
    return { api: dev.api, bare: dev.bare, ratio: dev.api / dev.bare, apiProduction: prod.api, bareProduction: prod.bare, ratioProduction: prod.api / prod.bare, requests, items: dev.items, overFloor, floorRatio };
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

const bareBatchGet = (keyList: Record<string, string>[]) => db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keyList } } }));

const bareQuery = async (input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) => (await db().send(new QueryCommand({ TableName: tableName(), ...input }))).Items?.length ?? 0;

async function bareGetItem(accountId: string): Promise<LoadResult> {
  const latencies: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    await db().send(new GetCommand({ TableName: tableName(), Key: keys.account(accountId) }));
    latencies.push(performance.now() - t);
  }
  return summarize(latencies, 0, latencies.reduce((a, b) => a + b, 0) / 1000);
}

function weekRange() {
  const monday = mondayOf(new Date());
  return { from: monday.toISOString(), to: new Date(monday.getTime() + 7 * 86400_000).toISOString() };
}

async function signedIn(url: string, email: string, password: string) {
  const client = new HttpClient(url);
  await client.ok('POST', '/api/login', { username: email, password });
  return client;
}

/** The session cookie of a fresh sign-in, for raw requests that must see the bytes on the wire. */
async function sessionCookie(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ username: email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Bytes of one answer as sent (node:http leaves the encoding alone, unlike fetch), and its time. */
function rawGet(url: string, path: string, cookie: string, encoding: string): Promise<{ bytes: number; ms: number; encoding: string }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { headers: { cookie, origin: url, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ bytes, ms: performance.now() - t, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resident memory (KiB) of this process and every process it started (DynamoDB Local's guard and Java), and each one's peak. */
function residentMemory(): { rows: { pid: number; command: string; rssKiB: number; peakKiB: number }[]; totalKiB: number } {
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' });
  const procs = ps.trim().split('\n').map((l) => {
    const [pid, ppid, rss, ...command] = l.trim().split(/\s+/);
    return { pid: Number(pid), ppid: Number(ppid), rssKiB: Number(rss), command: command.join(' ') };
  });
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (ours.has(p.pid) || !ours.has(p.ppid)) continue;
      ours.add(p.pid);
      grew = true;
    }
  }
  const peak = (pid: number) => {
    const m = /VmHWM:\s+(\d+)/.exec(existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '');
    return m ? Number(m[1]) : 0;
  };
  // ps itself is a child at this moment; it is not the product's.
  const rows = procs.filter((p) => ours.has(p.pid) && p.command !== 'ps').map((p) => ({ pid: p.pid, command: p.command, rssKiB: p.rssKiB, peakKiB: peak(p.pid) }));
  return { rows, totalKiB: rows.reduce((a, r) => a + r.rssKiB, 0) };
}

interface Tenant {
  label: string;
  district: SeededDistrict;
  owner: HttpClient;
  clinician: HttpClient;
}

interface TenantFigures {
  page: Paired;
  week: Paired;
  single: Paired;
}

/** One clinician's caseload page, week and single session read, each beside its bare read. */
async function caseloadFigures(t: Tenant): Promise<TenantFigures> {
  const { accountId } = t.district;
  const c = t.district.clinicians[0]!;
  const { from, to } = weekRange();
  const sessionId = c.weekSessionIds[0]!;
  const page = await paired(
    () => t.clinician.ok('GET', '/api/clients?assignedTo=me&limit=50'),
    () =>
      bareQuery({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.caseload(accountId, c.id), ':prefix': sortKeys.clientNamePrefix() },
        ConsistentRead: true,
        Limit: 50,
      }),
  );
  const week = await paired(
    () => t.clinician.ok('GET', `/api/sessions?providerId=me&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    () =>
      bareQuery({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.sessionsOfProvider(accountId, c.id), ':from': from, ':to': to },
      }),
  );
  const sessionClients = t.district.sessionClients.get(sessionId)!;
  const single = await paired(
    () => t.clinician.ok('GET', `/api/sessions/${sessionId}`),
    async () => ((await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(accountId, sessionId) }))).Item ? 1 : 0),
    // The login session (an item of the same size stands in) with the session, then its students.
    async () => {
      await bareBatchGet([keys.account(accountId), keys.session(accountId, sessionId)]);
      await bareBatchGet(sessionClients.map((clientId) => keys.client(accountId, clientId)));
    },
  );
  return { page, week, single };
}

/** Partition Queries the minutes service keeps in flight (packages/core/src/minutes/service.ts). */
const MINUTES_QUERY_CONCURRENCY = 16;

/** The first clinician's active students: the rows of its minutes page. */
const activeStudents = (t: Tenant) => t.district.clinicians[0]!.activeClientIds;

/** The minutes page beside the bare Queries of its students' partitions, as many in flight as the service. */
async function minutesFigures(t: Tenant): Promise<Paired> {
  const { accountId } = t.district;
  const students = activeStudents(t);
  // The service reads from the first day of the district's school year (its default period).
  const from = benchSchoolYear(localDate(new Date(), DEFAULT_TIME_ZONE)).firstDay;
  const bareMinutes = async () => {
    let items = 0;
    let next = 0;
    const worker = async () => {
      while (next < students.length) {
        const clientId = students[next++]!;
        const read = await bareQuery({ KeyConditionExpression: 'PK = :pk AND SK >= :from', ExpressionAttributeValues: { ':pk': keys.clientMinutes(accountId, clientId), ':from': sortKeys.minutesFrom(from) } });
        items += read;
      }
    };
    await Promise.all(Array.from({ length: MINUTES_QUERY_CONCURRENCY }, worker));
    return items;
  };
  return paired(() => t.clinician.ok('GET', '/api/service-minutes?assignedTo=me'), bareMinutes);
}

const TRIALS_PER_SAVE = 20;

/** A trial save on a past session of the first clinician beside a bare PutItem of an equally large progress row. */
async function trialSaveFigures(t: Tenant): Promise<Paired> {
  const { accountId } = t.district;
  const c = t.district.clinicians[0]!;
  const session = t.district.pastSessions.find((s) => s.providerId === c.id)!;
  const goalId = t.district.goalsByClient.get(session.clientId)![0]!;
  const trials = Array.from({ length: TRIALS_PER_SAVE }, (_, i) => ({ correct: i % 3 !== 0, cue: cueLevels[i % 3]! }));
  // Strictly newer each call: an equal or older clientUpdatedAt is answered without a write.
  let tick = Date.now();
  const nextStamp = () => new Date((tick = Math.max(tick + 1, Date.now()))).toISOString();
  const scratch = { ...keys.progress(accountId, `bench-${c.id}`, goalId), type: entity.progress, accountId, goalId, clientId: session.clientId, successfulAttempts: 13, totalAttempts: TRIALS_PER_SAVE, trials };
  return paired(
    () => t.clinician.ok('PUT', `/api/sessions/${session.id}/trials`, { clientId: session.clientId, goalId, trials, clientUpdatedAt: nextStamp() }),
    async () => {
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...scratch, clientUpdatedAt: nextStamp() } }));
      return TRIALS_PER_SAVE;
    },
    // The login session (an item of the same size stands in) with the session, the goal and the
    // stored row; then the row's conditional Put (the row exists and is open: no transaction).
    async () => {
      await bareBatchGet([keys.account(accountId), keys.session(accountId, session.id), keys.goal(accountId, goalId), keys.progress(accountId, session.id, goalId)]);
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...scratch, clientUpdatedAt: nextStamp() },
          ConditionExpression: 'attribute_not_exists(#cua) OR #cua < :cua',
          ExpressionAttributeNames: { '#cua': 'clientUpdatedAt' },
          ExpressionAttributeValues: { ':cua': nextStamp() },
        }),
      );
    },
  );
}

/** Time, DynamoDB requests and memory growth of one whole-district export job, from its start to its file. */
interface ExportFigures {
  sessions: number;
  rows: number;
  seconds: number;
  requests: number;
  statusReads: number;
  heapMiB: number;
  rssMiB: number;
  fileMiB: number;
}

/**
 * The whole district's service log of the last 30 days as the owner starts it from the Service log
 * page: POST /api/exports, the job's status read every 250 ms until done, then the file. The job
 * runs in this process (the local job runner), so the memory sampled is the server's.
 */
async function exportFigures(t: Tenant): Promise<ExportFigures> {
  const today = new Date();
  const from = localDate(new Date(today.getTime() - 30 * 86400_000).toISOString(), DEFAULT_TIME_ZONE);
  const to = localDate(today.toISOString(), DEFAULT_TIME_ZONE);
  let statusReads = 0;
  const { result, seconds, requests, heapMiB, rssMiB } = await measure(async () => {
    let job = await t.owner.ok('POST', '/api/exports', { kind: 'serviceLog', from, to, assignedTo: 'all' });
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 250));
      job = await t.owner.ok('GET', `/api/exports/${job.id}`);
      statusReads++;
    }
    const file = job.status === 'done' ? await t.owner.ok('GET', `/api/exports/${job.id}/file`) : '';
    return { job, file };
  });
  const { job, file } = result;
  if (job.status !== 'done') throw new Error(`The export job ended ${job.status}`);
  const sessions = t.district.pastSessions.filter((s) => localDate(s.scheduledAt, DEFAULT_TIME_ZONE) >= from).length;
  return {
    sessions,
    rows: job.rows,
    seconds,
    requests,
    statusReads,
    heapMiB,
    rssMiB,
    fileMiB: Buffer.byteLength(typeof file === 'string' ? file : JSON.stringify(file)) / 2 ** 20,
  };
}

const row = (label: string, p: Paired) =>
  `| ${label} | ${p.items} | ${p.requests} | ${ms(p.api)} | ${ms(p.bare)} | **${x(p.ratio)}** | ${ms(p.apiProduction)} | ${ms(p.bareProduction)} | **${x(p.ratioProduction)}** |`;
/** A count of DynamoDB requests against its budget. */
const requestsWithin = (label: string, requests: number, budget: number, why = '') =>
  `- ${label} ≤ ${budget} DynamoDB requests: ${requests <= budget ? `met (${requests})` : `missed (${requests})${why ? `. ${why}` : ''}`}.`;
/** One row of the hot-path table: requests and, when there is a bare call to compare, the ratios. */
const hotRow = (path: string, district: string, requests: number, requestBudget: number, p?: Paired, ratioBudget?: number) =>
  `| ${path} | ${district} | ${requests} | ≤ ${requestBudget} ${requests <= requestBudget ? 'met' : 'missed'} | ` +
  (p && ratioBudget ? `${x(p.ratioProduction)} / ${x(p.ratio)} | ≤ ${ratioBudget}× ${Math.max(p.ratio, p.ratioProduction) <= ratioBudget ? 'met' : p.ratioProduction <= ratioBudget ? 'met as deployed' : 'missed'} |` : '– | – |') +
  ` ${p?.overFloor === undefined ? '–' : x(p.overFloor)} |`;
const within = (label: string, p: Paired, budget: number, why: string) => {
  const verdict = (r: number) => (r <= budget ? `met (${x(r)})` : `missed by ${x(r - budget)} (${x(r)})`);
  const missed = p.ratio > budget || p.ratioProduction > budget;
  return `- ${label} ≤ ${budget}×: as deployed (NODE_ENV=production) ${verdict(p.ratioProduction)}; under \`npm start\` (answers also checked against the contract) ${verdict(p.ratio)}.${missed ? ` ${why}` : ''}`;
};

async function seedTenant(url: string, label: string, clients: number): Promise<Tenant> {
  const district = await seedDistrict({ clients, weeks: WEEKS, log: (s) => console.log(`[${label}]${s}`) });
  const c = district.clinicians[0]!;
  return {
    label,
    district,
    owner: await signedIn(url, district.owner.email, district.password),
    clinician: await signedIn(url, c.email, district.password),
  };
}

function seedingLine(t: Tenant) {
  const d = t.district;
  const c = d.counts;
  return `| ${t.label} | ${thousands(d.clientIds.length)} | ${d.clinicians.length} | ${thousands(c.Session ?? 0)} | ${thousands(c.Goal ?? 0)} | ${thousands(c.Progress ?? 0)} | ${thousands(c.CaseloadEntry ?? 0)} | ${thousands(d.items)} | ${d.seconds.toFixed(1)} s | ${(d.items / d.seconds).toFixed(0)} |`;
}

async function main() {
  out('# Caseload benchmarks');
  out();
  const load = loadavg();
  out(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; DynamoDB Local (Java, heap limit ${process.env.DYNAMODB_LOCAL_HEAP ?? DEFAULT_DYNAMODB_LOCAL_HEAP}) in its on-disk mode, all on one machine.`);
  out(`Run: ${new Date().toISOString()}; load average at start ${load.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min; other work shares these cores, which is why every figure below is a ratio to a bare read taken alternately with it).`);
  out();

  // The data files go on a RAM-backed tmpfs when there is one: this VM's disk syncs about 200 items/s,
  // which would make seeding 20,000 students take over half an hour. The files are DynamoDB Local's
  // on-disk format either way; their pages are the kernel's, not the processes' resident memory.
  const base = process.env.BENCH_DATA_DIR ?? (existsSync('/dev/shm') ? '/dev/shm' : join(repoRoot, 'bench'));
  const dataDir = mkdtempSync(join(base, 'caseload-bench-'));
  const dynamo = await startDynamoLocal({ dataDir });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = 'bench';
  installRequestCounter();
  await ensureTable();
  await buildWebIfStale(() => undefined);
  const app = await startApp({ port: 0, dataDir: join(repoRoot, 'bench/.large'), log: () => undefined });
  try {
    const small = await seedTenant(app.url, `${thousands(SMALL)} clients`, SMALL);
    const large = LARGE > 0 ? await seedTenant(app.url, `${thousands(LARGE)} clients`, LARGE) : undefined;
    const tenants = large ? [small, large] : [small];
    const dataMiB = Number(execFileSync('du', ['-sk', dataDir], { encoding: 'utf8' }).split('\t')[0]) / 1024;
    out('## Seeding (bench/seed-large.ts)');
    out(
      `Districts of 40 schools, one clinician per 50 students (slp, assistant and admin in 6:3:1), caseloads of 30–70 students limited to their one to three schools, three goals per student, ` +
        `one weekly session per student in groups of one to three with its clinician as provider, over ${WEEKS} weeks around the current one (completed with progress on every goal before now, scheduled after). ` +
        'Items are the ones the product writes (the clients repository builds clients and caseload entries; keys.ts the rest), sent as BatchWrite requests of 25, 16 in flight. ' +
        `A school year is \`npx tsx bench/seed-large.ts --clients 20000 --weeks 40\`: about ${thousands(Math.round(((large ?? small).district.items / WEEKS) * 40))} items, ` +
        `${((large ?? small).district.seconds * (40 / WEEKS) / 60).toFixed(0)} minutes at this run's rate; the bench keeps to ${WEEKS} weeks so a run stays within minutes.`,
    );
    out();
    out('| district | clients | clinicians | sessions | goals | progress rows | caseload entries | items (all) | time | items/s |');
    out('|---|---|---|---|---|---|---|---|---|---|');
    for (const t of tenants) out(seedingLine(t));
    out();
    out(`Both districts share one table (${dataMiB.toFixed(0)} MiB of DynamoDB Local files).`);
    out();

    const bare = await bareGetItem(small.district.accountId);
    out('## Bare DynamoDB GetItem (same run, same client)');
    out(`p50 ${ms(bare.p50)}, p95 ${ms(bare.p95)}, p99 ${ms(bare.p99)} (500 sequential)`);
    out();

    out('## Own caseloads: each API read against the bare read of the same items');
    out(
      `The API call (over HTTP, signed in as the district's first clinician, an SLP with ${small.district.clinicians[0]!.clientIds.length} students) and the bare DynamoDB call of the items it answers with, ` +
        'both sent through node:http over kept-alive connections (the AWS SDK\'s transport; the API client asks for no compression, which CloudFront, not the Lambda, does when deployed), ' +
        `alternated ${ROUNDS} times one request at a time; medians. Measured twice: as \`npm start\` runs (outside production every answer is also parsed with its route's strict response schema) and with NODE_ENV=production, as the Lambda bundles run. "DynamoDB requests" counts every request the API call makes, sign-in check included.`,
    );
    out();
    out('| read | items | DynamoDB requests | API p50 (npm start) | bare p50 | ratio | API p50 (production) | bare p50 | ratio |');
    out('|---|---|---|---|---|---|---|---|---|');
    const figures = new Map<Tenant, TenantFigures>();
    for (const t of tenants) {
      const f = await caseloadFigures(t);
      figures.set(t, f);
      out(row(`caseload page, limit 50 (${t.label}) vs Query of the caseload partition`, f.page));
      out(row(`week of sessions, providerId=me (${t.label}) vs Query of the provider index`, f.week));
      out(row(`GET /api/sessions/{id} (${t.label}) vs GetItem`, f.single));
    }
    const searchTenant = large ?? small;
    const search = await paired(
      () => searchTenant.owner.ok('GET', '/api/clients?search=ma&limit=50'),
      () =>
        bareQuery({
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.clientsByName(searchTenant.district.accountId), ':prefix': sortKeys.clientNamePrefix('ma') },
          Limit: 50,
        }),
    );
    out(row(`search "ma", limit 50 (${searchTenant.label}, the owner: every school) vs Query of the name index`, search));
    out();

    const why = (requests: number) =>
      `Why: the API call makes ${requests} DynamoDB requests where the bare call makes one: it first reads its login session (one GetItem), then the same read, ` +
      'and it crosses HTTP, validates the query, and serializes JSON; with a bare read of 1–3 ms those fixed costs are a whole bare read or more.';
    const whySingle = (p: Paired) =>
      'Why: GET /api/sessions/{id} is two reads one after the other where the bare call is one: the login session read together with the session (one BatchGet), then ' +
      "the participants' clients (one BatchGet: the answer carries each client's grade level and diagnosis as they are now, and the client gate checks the client is still visible). " +
      (p.floorRatio === undefined || p.overFloor === undefined
        ? 'Each is a round trip to DynamoDB Local, and the call crosses HTTP and serializes JSON.'
        : `Those two requests made bare take ${x(p.floorRatio)} a GetItem by themselves, leaving ${x(Math.max(0, 2.5 - p.floorRatio))} of the budget for the HTTP hop, the sign-in check and the JSON; the call as deployed takes ${x(p.overFloor)} its bare requests.`);
    for (const t of tenants) {
      const f = figures.get(t)!;
      budgets.push(within(`Caseload page (${t.label}) vs its bare Query`, f.page, 3, why(f.page.requests)));
      budgets.push(within(`Week of sessions (${t.label}) vs its bare Query`, f.week, 3, why(f.week.requests)));
      budgets.push(within(`GET one session (${t.label}) vs a bare GetItem`, f.single, 2.5, whySingle(f.single)));
      budgets.push(requestsWithin(`GET one session (${t.label})`, f.single.requests, 2));
      hotPaths.push(hotRow('GET /api/sessions/{id} vs GetItem', t.label, f.single.requests, 2, f.single, 2.5));
    }
    budgets.push(within(`Name search in the ${searchTenant.label} district vs its bare Query`, search, 3, why(search.requests)));
    if (large) {
      const fs = figures.get(small)!;
      const fl = figures.get(large)!;
      const growth = (label: string, a: Paired, b: Paired) => {
        const g = b.api / a.api;
        const gp = b.apiProduction / a.apiProduction;
        const worst = Math.max(g, gp);
        const figures = `npm start ${ms(a.api)} → ${ms(b.api)} (${x(g)}), production ${ms(a.apiProduction)} → ${ms(b.apiProduction)} (${x(gp)}); the bare read ${ms(a.bare)} → ${ms(b.bare)}`;
        return worst <= 1.3
          ? `- ${label}, ${small.label} → ${large.label}, within 1.3×: met (${figures}).`
          : `- ${label}, ${small.label} → ${large.label}, within 1.3×: missed by ${x(worst - 1.3)} (${figures}, so the database itself changed by ${x(b.bare / a.bare)}).`;
      };
      budgets.push(growth('Caseload page', fs.page, fl.page));
      budgets.push(growth('Week of sessions (flat)', fs.week, fl.week));
    } else {
      budgets.push(`- Caseload page and week at 2,000 vs 20,000 clients: not measured (BENCH_LARGE_CLIENTS=0 skipped the large district).`);
    }

    out('## Service minutes: the minutes page for a caseload over a school year');
    out(
      'GET /api/service-minutes?assignedTo=me as the first clinician (default period: the school year so far and to come), against the bare Queries of the same students\' minutes partitions from the ' +
        `school year's first day (\`SK >= DAY#<from>\`: a year of delivered-minute days, the IEP and make-ups), ${MINUTES_QUERY_CONCURRENCY} in flight as the service sends them; alternated ${ROUNDS} times, medians.`,
    );
    out();
    out('| read | students | items | DynamoDB requests | API p50 (npm start) | bare p50 | ratio | API p50 (production) | bare p50 | ratio |');
    out('|---|---|---|---|---|---|---|---|---|---|');
    const minutes = new Map<Tenant, Paired>();
    for (const t of tenants) {
      const m = await minutesFigures(t);
      minutes.set(t, m);
      out(row(`minutes page (${t.label}) vs Query of each student's minutes partition`, m).replace(/^\| ([^|]+) \|/, `| $1 | ${activeStudents(t).length} |`));
    }
    out();
    for (const t of tenants) {
      budgets.push(within(`Minutes page for a caseload over a school year (${t.label}) vs the bare Queries of its students' totals`, minutes.get(t)!, 5, why(minutes.get(t)!.requests)));
    }
    if (large) {
      const a = minutes.get(small)!;
      const b = minutes.get(large)!;
      // Judged by the ratio to the same run's bare reads of the same (equally sized) partitions: the
      // two districts are measured minutes apart, and other work on these cores moves absolute times.
      const g = Math.max(b.ratio / a.ratio, b.ratioProduction / a.ratioProduction);
      const flat = g <= 1.3 && a.requests === b.requests;
      budgets.push(
        `- Minutes page flat from ${small.label} to ${large.label} (same DynamoDB requests, ratio to its bare reads within 1.3×): ${flat ? 'met' : 'missed'} ` +
          `(${a.requests} → ${b.requests} requests; ratio npm start ${x(a.ratio)} → ${x(b.ratio)}, production ${x(a.ratioProduction)} → ${x(b.ratioProduction)}; ` +
          `API p50 npm start ${ms(a.api)} → ${ms(b.api)}, production ${ms(a.apiProduction)} → ${ms(b.apiProduction)}).`,
      );
    }

    out('## Live data collection: one trial save against a bare PutItem');
    const trialFigures = new Map<Tenant, Paired>();
    for (const t of tenants) trialFigures.set(t, await trialSaveFigures(t));
    out(
      `PUT /api/sessions/{id}/trials with ${TRIALS_PER_SAVE} trials (a newer clientUpdatedAt each time, so every call writes), as the first clinician on one of its past sessions, against a bare PutItem of a progress row of the same size; alternated ${ROUNDS} times, medians.`,
    );
    out();
    out('| write | trials | DynamoDB requests | API p50 (npm start) | bare p50 | ratio | API p50 (production) | bare p50 | ratio |');
    out('|---|---|---|---|---|---|---|---|---|');
    for (const [t, trials] of trialFigures) out(row(`trial save (${t.label}) vs PutItem`, trials));
    out();
    for (const [t, trials] of trialFigures) {
      budgets.push(
        within(
          `A trial save (${t.label}) vs a bare PutItem`,
          trials,
          3,
          `Why: the save makes ${trials.requests} DynamoDB requests where the bare call makes one: the login session read together with the session, the goal and the stored row (one BatchGet: the participant, the goal's client and organization, the order check's answer), then the row's one conditional Put (it carries its own guard once it exists); each is a round trip to DynamoDB Local, and the call crosses HTTP and validates up to 500 trials.`,
        ),
      );
      budgets.push(requestsWithin(`A trial save (${t.label})`, trials.requests, 2));
      hotPaths.push(hotRow('PUT /api/sessions/{id}/trials (20 trials) vs PutItem', t.label, trials.requests, 2, trials, 3));
    }

    const main = large ?? small;
    const { from, to } = weekRange();
    const c0 = main.district.clinicians[0]!;
    const someSession = c0.weekSessionIds[0]!;
    const past = main.district.pastSessions.filter((s) => s.providerId === c0.id);
    const someClient = past[past.length - 1]!.clientId;
    const reads: [string, HttpClient, string][] = [
      ['GET /api/clients?assignedTo=me&limit=50 (clinician)', main.clinician, '/api/clients?assignedTo=me&limit=50'],
      ['GET /api/clients?search=ma&limit=50 (owner)', main.owner, '/api/clients?search=ma&limit=50'],
      ['GET /api/clients?limit=50 (owner, first page)', main.owner, '/api/clients?limit=50'],
      ['GET /api/sessions?providerId=me (one week, clinician)', main.clinician, `/api/sessions?providerId=me&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`],
      ['GET /api/sessions/{id}', main.clinician, `/api/sessions/${someSession}`],
      ['GET /api/sessions/{id}/progress', main.clinician, `/api/sessions/${past[past.length - 1]!.id}/progress`],
      ['GET /api/goals?clientId=', main.clinician, `/api/goals?clientId=${someClient}`],
      ['GET /api/dashboard/stats?assignedTo=me (clinician)', main.clinician, '/api/dashboard/stats?assignedTo=me'],
      ['GET /api/dashboard/stats (owner)', main.owner, '/api/dashboard/stats'],
      ['GET /api/user', main.clinician, '/api/user'],
    ];

    out(`## API under load (${main.label})`);
    out(`${CONCURRENCY} concurrent callers for ${SECONDS} s per call; the cores are shared by the server, DynamoDB Local and the callers, so queueing dominates. The ratios above are the figures to judge a single request by.`);
    out();
    out('| call | DynamoDB requests | p50 | p95 | p99 | req/s | errors |');
    out('|---|---|---|---|---|---|---|');
    for (const [label, api, path] of reads) {
      const requests = await countRequests(() => api.ok('GET', path));
      const r = await runLoad(async () => (await api.request('GET', path)).status === 200, { concurrency: CONCURRENCY, seconds: SECONDS });
      out(`| ${label} | ${requests} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.rps.toFixed(0)} | ${r.errors} |`);
    }

    // Autosave writes: each worker owns its own (session, goal) targets and writes them in order, so
    // the last acknowledged value of every target must be the stored one.
    const api = main.clinician;
    const targets = past.slice(-CONCURRENCY * 4);
    const lastAcked = new Map<string, number>();
    const progressWrites = await runLoad(
      async (worker, i) => {
        const s = targets[(worker + CONCURRENCY * (i % 4)) % targets.length]!;
        const goalId = main.district.goalsByClient.get(s.clientId)![1]!;
        const value = i % 10;
        const res = await api.request('POST', `/api/sessions/${s.id}/progress`, { goalId, successfulAttempts: value, totalAttempts: 10, notes: `<p>w${worker} i${i}</p>` });
        if (res.status === 200 || res.status === 201) lastAcked.set(`${s.id}|${goalId}`, value);
        return res.status < 300;
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
    const noteWrites = await runLoad(
      async (worker, i) => {
        const s = targets[(worker + CONCURRENCY * (i % 4)) % targets.length]!;
        return (await api.request('POST', `/api/sessions/${s.id}/notes`, { clientId: s.clientId, notes: `<p>Autosave ${i}</p>` })).status < 300;
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
    for (const [label, load] of [
      ['POST /api/sessions/{id}/progress (autosave)', progressWrites],
      ['POST /api/sessions/{id}/notes (autosave)', noteWrites],
    ] as const) {
      out(`| ${label} | – | ${ms(load.p50)} | ${ms(load.p95)} | ${ms(load.p99)} | ${load.rps.toFixed(0)} | ${load.errors} |`);
    }
    out();
    // The whole district's week is thousands of sessions: under load it only queues (53 s a request at
    // 20,000 in a trial run), so it is timed alone. The calendar asks for it only when widened to "all".
    const districtWeek = `/api/sessions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const weekRequests = await countRequests(() => main.owner.ok('GET', districtWeek));
    const weekSessions = ((await main.owner.ok('GET', districtWeek)) as unknown[]).length;
    const weekAlone = await sequentialP50(() => main.owner.ok('GET', districtWeek), 3);
    out(`The whole district's week (\`GET /api/sessions?from&to\` as the owner, ${thousands(weekSessions)} sessions, ${weekRequests} DynamoDB requests), one request at a time, median of 3: ${ms(weekAlone)}.`);
    out();

    let lost = 0;
    for (const [target, value] of lastAcked) {
      const [sessionId, goalId] = target.split('|') as [string, string];
      const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.progress(main.district.accountId, sessionId, goalId), ConsistentRead: true }));
      if (stored.Item?.successfulAttempts !== value) lost++;
    }
    out(`Lost writes: ${lost} of ${lastAcked.size} autosave targets differ from their last acknowledged value (${progressWrites.requests} acknowledged writes, ${progressWrites.errors} errors).`);
    out();

    out(large ? '## Dashboard cost as the district grows 10×' : '## Dashboard cost');
    out('| district | clients | DynamoDB requests (owner) | p50 (owner) | students (clinician) | goals at risk (clinician) | DynamoDB requests (clinician, assignedTo=me) | p50 (clinician) |');
    out('|---|---|---|---|---|---|---|---|');
    const dash: number[] = [];
    const mine: number[] = [];
    for (const t of tenants) {
      const ownerRequests = await countRequests(() => t.owner.ok('GET', '/api/dashboard/stats'));
      const mineRequests = await countRequests(() => t.clinician.ok('GET', '/api/dashboard/stats?assignedTo=me'));
      dash.push(ownerRequests);
      mine.push(mineRequests);
      out(
        `| ${t.label} | ${thousands(t.district.clientIds.length)} | ${ownerRequests} | ${ms(await sequentialP50(() => t.owner.ok('GET', '/api/dashboard/stats')))} | ` +
          `${t.district.clinicians[0]!.clientIds.length} | ${(await t.clinician.ok<{ goalsAtRisk: number }>('GET', '/api/dashboard/stats?assignedTo=me')).goalsAtRisk} | ${mineRequests} | ${ms(await sequentialP50(() => t.clinician.ok('GET', '/api/dashboard/stats?assignedTo=me')))} |`,
      );
      budgets.push(requestsWithin(`"My caseload" on the dashboard (${t.label})`, mineRequests, 5));
      hotPaths.push(hotRow(`GET /api/dashboard/stats?assignedTo=me (${t.district.clinicians[0]!.clientIds.length} students)`, t.label, mineRequests, 5));
    }
    out();
    out(
      '"My caseload" (assignedTo=me) costs the login session, one Query of the caseload partition, one Query of the provider index over two weeks, and one BatchGet of its clients\' own goal counters ' +
        '(up to 100 clients a BatchGet; a caseload is 30–70), which also hold their goals at risk (part 4 §7, one student in five has one in the seed): ' +
        'the same four requests for 30 students or 70, in a district of 2,000 or 20,000.',
    );
    out();
    if (large) {
      budgets.push(dash[0] === dash[1] ? `- Dashboard requests constant in district size: met (${dash[0]} at both sizes).` : `- Dashboard requests constant in district size: missed (${dash[0]} → ${dash[1]}).`);
      budgets.push(mine[0] === mine[1] ? `- "My caseload" requests constant in district size: met (${mine[0]} at both sizes).` : `- "My caseload" requests constant in district size: missed (${mine[0]} → ${mine[1]}).`);
    }

    out('## Hot paths at their floor (issue 27)');
    out(
      'Each hot path\'s DynamoDB requests (sign-in check included) beside its budget, and where there is a bare call of the same items its ratio to it (as deployed / under `npm start`, from the tables above).',
    );
    out();
    out('| call | district | DynamoDB requests | budget | ratio (production / npm start) | budget | as deployed ÷ its requests made bare |');
    out('|---|---|---|---|---|---|---|');
    for (const line of hotPaths) out(line);
    out();

    out('## Whole-district export: the service log of a month (issue 27)');
    out(
      "The owner exports every provider's service log of the last 30 days (`POST /api/exports`, kind serviceLog, assignedTo=all) as the background job the Service log page starts, reads its status every 250 ms and downloads the file. " +
        'The seeded weeks before this one are completed sessions (the weeks after are still scheduled, so they have no lines). DynamoDB requests count everything from the start to the file, the status reads included; memory is the growth of the one process that serves the API and runs the job.',
    );
    out();
    out('| district | completed sessions in the month | lines | time | DynamoDB requests (status reads) | heap at peak | RSS at peak | file |');
    out('|---|---|---|---|---|---|---|---|');
    for (const t of tenants) {
      const e = await exportFigures(t);
      out(`| ${t.label} | ${thousands(e.sessions)} | ${thousands(e.rows)} | ${e.seconds.toFixed(1)} s | ${thousands(e.requests)} (${e.statusReads}) | +${e.heapMiB.toFixed(0)} MiB | +${e.rssMiB.toFixed(0)} MiB | ${e.fileMiB.toFixed(1)} MiB |`);
    }
    out();

    out(`## Answer sizes: the whole client list (${main.label}, owner)`);
    const cookie = await sessionCookie(app.url, main.district.owner.email, main.district.password);
    const sizes: string[] = [];
    for (const enc of ['identity', 'gzip', 'br']) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await rawGet(app.url, '/api/clients', cookie, enc));
      const r = runs.sort((a, b) => a.ms - b.ms)[1]!;
      sizes.push(`| Accept-Encoding: ${enc} | ${r.encoding} | ${thousands(r.bytes)} | ${(r.bytes / main.district.clientIds.length).toFixed(0)} | ${ms(r.ms)} |`);
    }
    out('`GET /api/clients` without `limit` (every client in one answer, as part 1 specifies), median of 3.');
    out();
    out('| request | sent as | bytes | bytes per client | time |');
    out('|---|---|---|---|---|');
    for (const s of sizes) out(s);
    out();

    out(`## Bulk generation: 60 notes, a generator taking 2 s per note`);
    setNoteGenerator({ varies: false, generate: async (facts, options) => {
      await new Promise((r) => setTimeout(r, 2000));
      return localNoteGenerator.generate(facts, options);
    } });
    const t0 = performance.now();
    const job = await main.owner.ok('POST', '/api/generate-progress-notes-bulk', { clientIds: c0.clientIds.slice(0, 60) });
    let state = job;
    while (state.status !== 'completed') {
      await new Promise((r) => setTimeout(r, 250));
      state = await main.owner.ok('GET', `/api/generate-progress-notes-bulk/${job.jobId}`);
    }
    const bulkSeconds = (performance.now() - t0) / 1000;
    setNoteGenerator(undefined);
    out(`${state.successCount} generated, ${state.errorCount} failed in ${bulkSeconds.toFixed(1)} s with concurrency ${bulkConcurrency()} (serial would take 120 s).`);
    out();

    out(`## Browser: time to a usable screen (Chromium, ${main.label})`);
    out(await browserTimings(app.url, main.district, await groupSessionToScore(main)));
    out();

    // Garbage first: what is left is what the processes hold, not what a collection is about to free.
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    const heap = process.memoryUsage();
    const memory = residentMemory();
    const gib = memory.totalKiB / 2 ** 20;
    out(`## Resident memory after the ${main.label} run`);
    out(`\`ps -o rss\` of this process (the local server and its handlers, the seeder's bookkeeping and the load generator all run in it) and the processes it started; DynamoDB Local's heap limit ${process.env.DYNAMODB_LOCAL_HEAP ?? `${DEFAULT_DYNAMODB_LOCAL_HEAP} (the launcher's default)`}. Peak is the kernel's VmHWM.`);
    out();
    const roles: Record<string, string> = { java: 'DynamoDB Local', sh: "DynamoDB Local's guard", esbuild: "tsx's transpiler" };
    out('| process | RSS now | peak |');
    out('|---|---|---|');
    for (const r of memory.rows) out(`| ${r.command} (${r.pid === process.pid ? 'Node: server + bench' : (roles[r.command] ?? 'started by the bench')}) | ${(r.rssKiB / 1024).toFixed(0)} MiB | ${(r.peakKiB / 1024).toFixed(0)} MiB |`);
    out(`| **together** | **${(memory.totalKiB / 1024).toFixed(0)} MiB** | |`);
    out();
    out(`Of the Node process, after a full collection: V8 heap ${(heap.heapUsed / 2 ** 20).toFixed(0)} MiB used of ${(heap.heapTotal / 2 ** 20).toFixed(0)} MiB, buffers outside it ${(heap.external / 2 ** 20).toFixed(0)} MiB.`);
    out();
    budgets.push(
      gib < RSS_BUDGET_GIB
        ? `- Product processes together under ${RSS_BUDGET_GIB} GiB resident after the ${main.label} run: met (${gib.toFixed(2)} GiB).`
        : `- Product processes together under ${RSS_BUDGET_GIB} GiB resident after the ${main.label} run: missed by ${(gib - RSS_BUDGET_GIB).toFixed(2)} GiB (${gib.toFixed(2)} GiB). Why: the Node process here is the server and the bench together (the seeder's bookkeeping of both districts, the load generator, the whole-list answers of 7.8 MB it just fetched three ways), and V8 keeps the pages of a heap that has been that large; \`npm start\`'s server alone would hold less. DynamoDB Local stays within its 512 MiB heap plus the JVM's own memory.`,
    );
  } finally {
    await app.stop();
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  out('## SPA first-load JS');
  out(spaFirstLoad());
  out();
  out('## Lambda bundles (from cdk.out)');
  out(bundleReport());
  out();
  out('## Budgets (issues 14 and 27, ../shared/ARCHITECTURE.md §9)');
  for (const line of budgets) out(line);

  writeFileSync(join(repoRoot, 'bench/results.md'), `${lines.join('\n')}\n`);
  console.log('\nWritten to bench/results.md');
}

/** A group session of the first clinician's first 10 students, each with 5 active goals, for the scoring figure. */
async function groupSessionToScore(t: Tenant): Promise<string> {
  const students = t.district.clinicians[0]!.activeClientIds.slice(0, 10);
  for (const clientId of students) {
    for (let g = t.district.goalsByClient.get(clientId)!.length; g < 5; g++) {
      await t.clinician.ok('POST', '/api/goals', { clientId, name: `Bench goal ${g + 1}`, type: 'articulation', description: '<p>Produce /s/ in words</p>', targetCriteria: '80% over 3 sessions' });
    }
  }
  const session = await t.clinician.ok<{ id: string }>('POST', '/api/sessions', {
    type: 'therapy',
    clientIds: students,
    scheduledAt: new Date(Date.now() - 37 * 60_000).toISOString(),
    duration: 30,
  });
  return session.id;
}

async function browserTimings(url: string, d: SeededDistrict, scoringSessionId: string): Promise<string> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return 'Chromium not found: skipped.';
  const { openBrowserForBench } = await import('./browser.ts');
  try {
    return await openBrowserForBench(url, d, scoringSessionId);
  } catch (e) {
    return `Not measured: the journey failed (${(e as Error).message.split('\n')[0]}).`;
  }
}

function spaFirstLoad(): string {
  const dist = join(repoRoot, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let total = 0;
  const rows = files.map((f) => {
    const gz = gzipSync(readFileSync(join(dist, f))).length;
    total += gz;
    return `- ${f}: ${(gz / 1024).toFixed(1)} KiB gzip`;
  });
  const kib = total / 1024;
  budgets.push(`- SPA first load ≤ 200 KiB of JS gzip: ${kib <= 200 ? 'met' : `missed by ${(kib - 200).toFixed(1)} KiB`} (${kib.toFixed(1)} KiB; the editor and charts load lazily).`);
  return `${rows.join('\n')}\n\nTotal first-load JS: **${kib.toFixed(1)} KiB gzip** (budget 200 KiB).`;
}

function bundleReport(): string {
  const assembly = join(repoRoot, 'cdk.out');
  if (!existsSync(join(assembly, 'manifest.json'))) return 'No cdk.out: run `npm run synth` first for bundle sizes and cold-import times.';
  const bundles = collectBundles(assembly).sort((a, b) => b.bytes - a.bytes);
  if (!bundles.length) return 'cdk.out holds no bundles (synthesized with skipBundling?).';
  const rows = bundles.map((b) => {
    const entry = join(b.assetDir, 'index.mjs');
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', `const t=performance.now(); await import(${JSON.stringify(entry)}); console.log((performance.now()-t).toFixed(1))`], {
      env: { ...process.env, DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', AWS_REGION: 'us-east-1' },
      encoding: 'utf8',
    });
    const cold = res.status === 0 ? `${res.stdout.trim()} ms` : 'failed';
    const over = b.bytes / 1024 > 150 ? ` (+${(b.bytes / 1024 - 150).toFixed(0)} KiB over)` : '';
    return `| ${b.name} | ${(b.bytes / 1024).toFixed(0)} KiB${over} | ${(b.gzipBytes / 1024).toFixed(0)} KiB | ${cold} |`;
  });
  const sizes = bundles.map((b) => b.bytes / 1024).sort((a, b) => a - b);
  const median = percentile(sizes, 50);
  const over = bundles.filter((b) => b.bytes / 1024 > 150);
  budgets.push(
    `- A typical handler bundle ≤ 150 KiB minified: ${median <= 150 ? 'met' : 'missed'} (median ${median.toFixed(0)} KiB)` +
      (over.length
        ? `; ${over.length} over, by at most ${(over[0]!.bytes / 1024 - 150).toFixed(0)} KiB: the two-factor routes carry otplib and qrcode, note generation its fact computation, local composer and grounding check, the PDF route its writer (the AWS SDK is the runtime's, not bundled).`
        : '.'),
  );
  return [
    `${bundles.length} functions; median ${median.toFixed(0)} KiB minified; budget 150 KiB for a typical handler.`,
    '',
    '| function | minified | gzip | cold import |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

await main();
process.exit(0);
