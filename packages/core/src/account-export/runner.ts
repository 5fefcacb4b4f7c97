/**
 * Runs a whole export (scope `account` or `client`, part 4 §5) for the one export job mechanism
 * (../exports/runner.ts hands these scopes here). Records go to one temporary JSON Lines file per
 * kind as they are read, PDFs to their own files, the CSVs are the service-log and minutes
 * exports' own rows; then the zip is written from those files and stored like any export file.
 * Nothing is held whole in memory. A second run (a redelivered message) writes everything again.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { dataDictionary, dataDictionaryMarkdown, exportFileNames, type ExportFileName } from '@caseload/contract/export-files';
import { MINUTES_CSV_HEADER } from '@caseload/contract/school-year';
import { SERVICE_LOG_CSV_HEADER } from '@caseload/contract/signatures';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { keys } from '../keys.ts';
import { minutesRow, minutesRowBatches } from '../minutes/service.ts';
import { csvLine, csvStart } from '../csv.ts';
import { getVisibleClient } from '../caseload/access.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { localDate } from '../school-calendar/dates.ts';
import { serviceLogRow } from '../service-log/lines.ts';
import { serviceLogBatches } from '../service-log/service.ts';
import { writeZip, type ZipEntry } from './archive.ts';
import { accountRecords, clientRecords, described, type RecordSink } from './records.ts';

/** The version of the export's layout (manifest.json `schemaVersion`); an import reads the versions it knows. */
export const EXPORT_SCHEMA_VERSION = 1;

export type WholeExportScope = { scope: 'account' } | { scope: 'client'; clientId: string };

export interface ExportManifest {
  schemaVersion: number;
  createdAt: string;
  createdBy: string;
  scope: 'account' | 'client';
  clientId?: string;
  counts: Record<string, number>;
}

const SERVICE_LOG_CSV = 'csv/service-log.csv';
const MINUTES_CSV = 'csv/minutes.csv';

class LineFile {
  readonly stream: WriteStream;
  count = 0;
  constructor(readonly path: string) {
    this.stream = createWriteStream(path, 'utf8');
  }
  async write(text: string) {
    // Waits when the disk is slower than the reads, so written lines never pile up in memory.
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }
  async close() {
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

/** The first and last day the account has sessions on (its data's dates), in its time zone. */
async function dataDates(accountId: string): Promise<{ from: string; to: string } | undefined> {
  const end = async (forward: boolean) => (await queryPartition<{ scheduledAt: string }>({ index: 'GSI2', pk: keys.sessionsByTime(accountId), forward, limit: 1 }))[0];
  const [first, last] = await Promise.all([end(true), end(false)]);
  if (!first || !last) return undefined;
  const timeZone = await accountTimeZone(accountId);
  return { from: localDate(first.scheduledAt, timeZone), to: localDate(last.scheduledAt, timeZone) };
}

/**
 * Writes the export's zip to `zipPath` (inside `dir`, a fresh temporary folder) with the rights of
 * `auth` (the starter as the job recorded them); `progress` gets the share done (0–1).
 */
export async function writeWholeExport(auth: AuthContext, scope: WholeExportScope, dir: string, zipPath: string, progress: (done: number) => Promise<void>): Promise<ExportManifest> {
  await mkdir(dir, { recursive: true });
  const files = new Map<ExportFileName, LineFile>(exportFileNames.map((name) => [name, new LineFile(join(dir, `${name}.jsonl`))]));
  const pdfs: ZipEntry[] = [];
  const onlyClient = scope.scope === 'client' ? scope.clientId : undefined;
  const sink: RecordSink = {
    record: (file, record) => {
      const target = files.get(file)!;
      target.count += 1;
      return target.write(`${JSON.stringify(record)}\n`);
    },
    async pdf(name, bytes) {
      const path = join(dir, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      pdfs.push({ name, path });
    },
    progress: (done) => progress(done * 0.7),
  };

  if (onlyClient) await clientRecords(auth, await getVisibleClient(auth, onlyClient, { includeArchived: true }).catch(notFound), sink);
  else await accountRecords(auth, sink);

  // The CSVs: the service log and minutes exports' own rows, over every date the account has data for.
  const dates = await dataDates(auth.accountId);
  const period = { from: dates?.from, to: dates?.to, assignedTo: 'all' };
  const serviceLog = new LineFile(join(dir, 'service-log.csv'));
  await serviceLog.write(csvStart(SERVICE_LOG_CSV_HEADER));
  if (dates) {
    for await (const batch of serviceLogBatches(auth, { ...period, from: dates.from, to: dates.to, medicaidOnly: false, unsignedOnly: false })) {
      for (const line of batch.lines) {
        if (onlyClient && line.clientId !== onlyClient) continue;
        await sink.record('service-log', described('service-log', line));
        await serviceLog.write(csvLine(serviceLogRow(line)));
        serviceLog.count += 1;
      }
    }
  }
  await progress(0.8);
  const minutes = new LineFile(join(dir, 'minutes.csv'));
  await minutes.write(csvStart(MINUTES_CSV_HEADER));
  for await (const batch of minutesRowBatches(auth, period)) {
    for (const row of batch.rows) {
      if (onlyClient && row.clientId !== onlyClient) continue;
      await minutes.write(csvLine(minutesRow(row)));
      minutes.count += 1;
    }
  }
  await progress(0.9);

  for (const file of [...files.values(), serviceLog, minutes]) await file.close();
  const counts: Record<string, number> = {};
  for (const [name, file] of files) counts[`${name}.jsonl`] = file.count;
  counts[SERVICE_LOG_CSV] = serviceLog.count;
  counts[MINUTES_CSV] = minutes.count;
  counts['pdf/'] = pdfs.length;
  const manifest: ExportManifest = { schemaVersion: EXPORT_SCHEMA_VERSION, createdAt: nowIso(), createdBy: auth.userId, scope: scope.scope, ...(onlyClient ? { clientId: onlyClient } : {}), counts };
  const dictionary = dataDictionary();
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await writeFile(join(dir, 'data-dictionary.json'), JSON.stringify(dictionary, null, 2));
  await writeFile(join(dir, 'data-dictionary.md'), dataDictionaryMarkdown(dictionary));
  await writeZip(zipPath, [
    { name: 'manifest.json', path: join(dir, 'manifest.json') },
    { name: 'data-dictionary.md', path: join(dir, 'data-dictionary.md') },
    { name: 'data-dictionary.json', path: join(dir, 'data-dictionary.json') },
    ...exportFileNames.map((name) => ({ name: `${name}.jsonl`, path: files.get(name)!.path })),
    { name: SERVICE_LOG_CSV, path: serviceLog.path },
    { name: MINUTES_CSV, path: minutes.path },
    ...pdfs,
  ]);
  return manifest;
}

/** A student gone since the job started (archived ones stay readable): the job fails, it does not hang. */
function notFound(e: unknown): never {
  if (e instanceof NotFoundError) throw new Error('The student of this export is no longer visible');
  throw e;
}
