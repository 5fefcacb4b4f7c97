/**
 * `npx tsx bench/roster-import.ts`: the roster import at district scale (issue 28), over a fresh
 * in-memory DynamoDB Local, written to bench/roster-import-results.md.
 *
 * 1. Preview of a users.csv of ROSTER_BENCH_PREVIEW students (default 100,000) and of a tenth of
 *    it: time and the process's peak heap and RSS above the start, sampled every 20 ms. A streamed
 *    parse shows the same peak for both sizes (only a 12-byte fingerprint per student stays).
 * 2. Apply of ROSTER_BENCH_APPLY students (default 20,000) into an empty account: time and
 *    DynamoDB requests (every request the document client sends, counted by a middleware).
 *
 * The zips are written to disk with fflate's streaming Zip, so the bench itself never holds a file.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
process.env.AWS_REGION ??= 'us-east-1';

import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { ensureTable } from '../packages/core/src/db.ts';
import { importNotStarted, type RosterImportItem } from '../packages/core/src/roster/job.ts';
import { runRosterImport } from '../packages/core/src/roster/sync.ts';
import { measure } from './measure.ts';
import { startDynamoLocal } from '../packages/local/src/dynamodb-local.ts';

const PREVIEW = Number(process.env.ROSTER_BENCH_PREVIEW ?? 100_000);
const APPLY = Number(process.env.ROSTER_BENCH_APPLY ?? 20_000);
const USERS = 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const NAMES = ['José', 'Zoë', 'Иван', 'محمد', '李娜', 'अनन्या', 'Σοφία', 'Siobhán'];
const GRADES = ['PK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** A OneRoster 1.1 bulk zip of `students` students in 20 schools, streamed to `path`. */
async function writeZip(path: string, students: number): Promise<number> {
  const out = createWriteStream(path);
  let pending = Promise.resolve();
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    const ok = out.write(chunk);
    if (!ok) pending = once(out, 'drain').then(() => undefined);
    if (final) out.end();
  });
  const add = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  add('manifest.csv', 'propertyName,value\r\nmanifest.version,1.0\r\noneroster.version,1.1\r\nfile.orgs,bulk\r\nfile.users,bulk\r\n');
  add('orgs.csv', ['sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId', 'd1,active,,District,district,D1,', ...Array.from({ length: 20 }, (_, i) => `s${i},active,,School ${i},school,${100 + i},d1`)].join('\r\n') + '\r\n');
  const users = new ZipDeflate('users.csv', { level: 6 });
  zip.add(users);
  users.push(strToU8(`\uFEFF${USERS}\r\n`));
  const CHUNK = 1000;
  for (let start = 0; start < students; start += CHUNK) {
    const rows: string[] = [];
    for (let i = start; i < Math.min(students, start + CHUNK); i++) {
      rows.push(`stu-${i},active,,true,"d1,s${i % 20}",student,u${i},,${NAMES[i % NAMES.length]},Family${i},Middle${i},ID${i},s${i}@kids.test,555${i},555${i},g${i},${GRADES[i % GRADES.length]},pw-${i}`);
    }
    users.push(strToU8(rows.join('\r\n') + '\r\n'));
    await pending;
  }
  users.push(new Uint8Array(0), true);
  zip.end();
  if (!out.writableFinished) await once(out, 'finish');
  return statSync(path).size;
}

const item = (accountId: string): RosterImportItem => ({
  importId: randomUUID(),
  accountId,
  status: 'previewing',
  ...importNotStarted(),
  uploadTokenHash: '',
  uploadExpiresAt: '',
  createdBy: randomUUID(),
  createdByName: 'Bench Owner',
  role: 'slp',
  userType: 'owner',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ttl: 0,
});

const lines: string[] = [];
const out = (s = '') => {
  console.log(s);
  lines.push(s);
};

const dynamo = await startDynamoLocal();
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
process.env.TABLE_NAME = `roster-bench-${randomUUID()}`;
await ensureTable(process.env.TABLE_NAME);
const dir = mkdtempSync(join(tmpdir(), 'roster-bench-'));
try {
  out('# Roster import at district scale');
  out();
  out(`Measured ${new Date().toISOString()} on this machine (Node ${process.version}), DynamoDB Local in memory. \`npx tsx bench/roster-import.ts\`.`);
  out();
  out('| run | students | zip | time | DynamoDB requests | peak heap above start | peak RSS above start |');
  out('|---|---:|---:|---:|---:|---:|---:|');
  for (const students of [Math.round(PREVIEW / 10), PREVIEW]) {
    const path = join(dir, `preview-${students}.zip`);
    const size = await writeZip(path, students);
    const m = await measure(() => runRosterImport(path, { item: item(randomUUID()), apply: false, onProgress: () => Promise.resolve() }));
    if (m.result.counts.students.add !== students) throw new Error(`preview counted ${m.result.counts.students.add} of ${students}`);
    out(`| preview | ${students.toLocaleString('en-US')} | ${(size / 2 ** 20).toFixed(1)} MiB | ${m.seconds.toFixed(1)} s | ${m.requests.toLocaleString('en-US')} | ${m.heapMiB.toFixed(0)} MiB | ${m.rssMiB.toFixed(0)} MiB |`);
  }
  const path = join(dir, `apply-${APPLY}.zip`);
  const size = await writeZip(path, APPLY);
  const m = await measure(() => runRosterImport(path, { item: item(randomUUID()), apply: true, onProgress: () => Promise.resolve() }));
  if (m.result.counts.students.add !== APPLY) throw new Error(`apply counted ${m.result.counts.students.add} of ${APPLY}`);
  out(`| apply | ${APPLY.toLocaleString('en-US')} | ${(size / 2 ** 20).toFixed(1)} MiB | ${m.seconds.toFixed(1)} s | ${m.requests.toLocaleString('en-US')} | ${m.heapMiB.toFixed(0)} MiB | ${m.rssMiB.toFixed(0)} MiB |`);
  out();
  out('Requests of an apply: per 100 students one BatchGetItem and 100 conditional PutItems (no read-then-write: each Put is conditioned on the version the batch read), plus the schools and one paged Query of the roster for the bulk file\'s archive pass.');
  writeFileSync(join(import.meta.dirname, 'roster-import-results.md'), `${lines.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await dynamo.stop();
}
