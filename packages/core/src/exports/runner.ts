/**
 * Runs an export job (job.ts): the same code in the local background task and in the SQS worker.
 * Rows are read batch by batch (service-log/service.ts, minutes/service.ts) and written to a
 * temporary file as they come, so memory does not grow with the district; the finished file goes
 * to storage and the job reads done. A second run (a redelivered message) writes the whole file
 * again from the start: nothing is counted twice, and the stored file is the last complete one.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { permissionDefaults } from '@caseload/contract/enums';
import { isWholeExport } from '@caseload/contract/exports';
import { MINUTES_CSV_HEADER } from '@caseload/contract/school-year';
import { SERVICE_LOG_CSV_HEADER } from '@caseload/contract/signatures';
import type { AuthContext } from '../context.ts';
import { writeWholeExport } from '../account-export/runner.ts';
import { minutesRow, minutesRowBatches } from '../minutes/service.ts';
import { notifyJobDone } from '../notifications/refresh.ts';
import { csvLine, csvStart } from '../csv.ts';
import { serviceLogRow } from '../service-log/lines.ts';
import { serviceLogBatches } from '../service-log/service.ts';
import { exportFileKey, finishExportJob, getExportJobItem, recordExportProgress, type ExportJobItem } from './job.ts';
import { exportStorage } from './storage.ts';

export { failExportJob } from './job.ts';

/** The starter's rights as the job recorded them: the students the file may hold (the start checked the kind's right). */
function jobAuth(job: ExportJobItem): AuthContext {
  return {
    accountId: job.accountId,
    userId: job.createdBy,
    role: job.role,
    userType: job.userType,
    permissions: { ...permissionDefaults, canViewReports: true, canEditClients: true, allowedOrganizationIds: job.allowedOrganizationIds },
    firstName: '',
    lastName: '',
    sessionHash: '',
  };
}

/** The file's header and its rows, batch by batch, with the share done after each batch (0–1). */
async function* csvBatches(job: ExportJobItem): AsyncGenerator<{ rows: string[]; done: number }> {
  const auth = jobAuth(job);
  const request = job.request;
  if (!('kind' in request)) return;
  if (request.kind === 'serviceLog') {
    for await (const batch of serviceLogBatches(auth, request)) yield { rows: batch.lines.map(serviceLogRow), done: batch.progress };
  } else {
    for await (const batch of minutesRowBatches(auth, request)) yield { rows: batch.rows.map(minutesRow), done: batch.done / batch.total };
  }
}

const headerOf = (job: ExportJobItem) => (job.kind === 'serviceLog' ? SERVICE_LOG_CSV_HEADER : MINUTES_CSV_HEADER);

export async function runExportJob(accountId: string, jobId: string): Promise<void> {
  const job = await getExportJobItem(accountId, jobId);
  if (!job || job.status !== 'running') return;
  const dir = await mkdtemp(join(tmpdir(), 'export-'));
  try {
    if ('scope' in job.request) return await runWholeExport(job, dir);
    const path = join(dir, 'file.csv');
    const file = createWriteStream(path, 'utf8');
    const write = async (text: string) => {
      // Waits when the disk is slower than the reads, so written rows never pile up in memory.
      if (!file.write(text)) await once(file, 'drain');
    };
    let rows = 0;
    await write(csvStart(headerOf(job)));
    for await (const batch of csvBatches(job)) {
      for (const row of batch.rows) await write(csvLine(row));
      rows += batch.rows.length;
      // 100 only once the file is stored.
      await recordExportProgress(accountId, jobId, Math.min(99, Math.floor(batch.done * 100)), rows);
    }
    file.end();
    await once(file, 'finish');
    await exportStorage().put(exportFileKey(job), path);
    await finishExportJob(accountId, jobId, rows);
    await notifyExportDone(job);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A whole export (../account-export): the zip, stored like a CSV; `rows` counts its JSON Lines records. */
async function runWholeExport(job: ExportJobItem, dir: string): Promise<void> {
  if (!('scope' in job.request) || !isWholeExport(job.kind)) return;
  const zipPath = join(dir, 'export.zip');
  let rows = 0;
  const manifest = await writeWholeExport(jobAuth(job), job.request, join(dir, 'files'), zipPath, (done) =>
    recordExportProgress(job.accountId, job.jobId, Math.min(99, Math.floor(done * 100)), rows),
  );
  rows = Object.entries(manifest.counts).reduce((sum, [name, n]) => (name.endsWith('.jsonl') ? sum + n : sum), 0);
  await exportStorage().put(exportFileKey(job), zipPath);
  await finishExportJob(job.accountId, job.jobId, rows);
  await notifyExportDone(job);
}

/** The starter's notification (part 4 §8): what finished, and the screen its file is downloaded from. */
function notifyExportDone(job: ExportJobItem): Promise<void> {
  const request = job.request;
  const done =
    'scope' in request
      ? request.scope === 'client'
        ? { label: "Your student's record export", link: `/clients/${request.clientId}` }
        : { label: 'Your district export', link: '/security' }
      : job.kind === 'serviceLog'
        ? { label: 'Your service-log export', link: '/service-log' }
        : { label: 'Your service-minutes export', link: '/minutes' };
  return notifyJobDone(job.accountId, job.createdBy, job.jobId, done);
}
