/**
 * The roster import's two background jobs (kinds `rosterPreview`, `rosterApply`): the same code in
 * the local background task and the SQS worker. Each opens the uploaded zip, runs sync.ts over it
 * (the preview without writes) and records the outcome; the apply then deletes the zip (part 4
 * §3: the upload is deleted when applied; the bucket's lifecycle deletes the others after a day).
 * A second run (a redelivered message) of a step no longer running does nothing.
 */
import { recordAudit } from '../audit.ts';
import { fileKeys } from '../keys.ts';
import { notifyJobDone } from '../notifications/refresh.ts';
import { errorFields, logger } from '../observability.ts';
import { failRosterImport, finishImportStep, getRosterImportItem, recordImportProgress } from './job.ts';
import { rosterStorage } from './storage.ts';
import { runRosterImport } from './sync.ts';

async function runStep(accountId: string, importId: string, step: 'previewing' | 'applying'): Promise<void> {
  const item = await getRosterImportItem(accountId, importId);
  if (!item || item.status !== step) return;
  const storage = rosterStorage();
  const key = fileKeys.rosterUpload(accountId, importId);
  const opened = await storage.open(key);
  try {
    const outcome = await runRosterImport(opened.path, {
      item,
      apply: step === 'applying',
      onProgress: (progress) => recordImportProgress(accountId, importId, Math.min(99, progress)),
    });
    await finishImportStep(accountId, importId, step, outcome);
    if (step === 'applying') {
      const { schools, students, staff } = outcome.counts;
      // Counts only: no student's name reaches the audit log.
      await recordAudit(accountId, {
        action: 'roster.applied',
        actorId: item.createdBy,
        actorName: item.createdByName,
        entityType: 'rosterImport',
        entityId: importId,
        summary: `Applied a roster import: schools +${schools.add} ~${schools.update} -${schools.archive}, students +${students.add} ~${students.update} -${students.archive}, staff +${staff.add} ~${staff.update} -${staff.archive}`,
      });
      await notifyJobDone(accountId, item.createdBy, importId, { label: 'Your roster import', link: '/roster-import' });
    }
  } finally {
    await opened.close();
  }
  if (step === 'applying') {
    await storage.remove(key).catch((e: unknown) => logger.warn('roster_upload_not_removed', { importId, error: errorFields(e) }));
  }
}

export const runRosterPreview = (accountId: string, importId: string) => runStep(accountId, importId, 'previewing');
export const runRosterApply = (accountId: string, importId: string) => runStep(accountId, importId, 'applying');
export { failRosterImport };
