/**
 * Reading an export job and its file. A job is its starter's: another user of the account, like
 * another account, gets 404, because the file holds what the starter may see.
 */
import type { ExportJob } from '@caseload/contract/exports';
import type { AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { statusOnRead } from '../jobs/job-item.ts';
import { assertMayExport, exportFileKey, getExportJobItem, toExportJob, type ExportJobItem } from './job.ts';
import { exportStorage } from './storage.ts';

/** The caller's own job of its account; 404 otherwise. */
async function ownJob(auth: AuthContext, jobId: string): Promise<ExportJobItem> {
  const job = await getExportJobItem(auth.accountId, jobId);
  if (!job || job.createdBy !== auth.userId) throw new NotFoundError('Export');
  // The right that started it still holds (a flag taken away since ends access to the file).
  assertMayExport(auth, job.kind);
  return job;
}

export async function getExportJob(auth: AuthContext, jobId: string): Promise<ExportJob> {
  const job = await ownJob(auth, jobId);
  const answer = toExportJob(job);
  // A fresh short-lived link on every read: the page reads the job again when one has expired.
  if (answer.status === 'done') answer.downloadUrl = await exportStorage().downloadUrl(exportFileKey(job), job.fileName, job.jobId);
  return answer;
}

/** The finished file (its body locally, a redirect to a fresh link in the cloud); 404 until it is done. */
export async function downloadExportFile(auth: AuthContext, jobId: string): Promise<{ fileName: string } & ({ body: string | Buffer } | { redirect: string })> {
  const job = await ownJob(auth, jobId);
  if (statusOnRead(job) !== 'done') throw new NotFoundError('Export');
  return { fileName: job.fileName, ...(await exportStorage().download(exportFileKey(job), job.fileName)) };
}
