/**
 * The import's work (part 4 §5), loaded only where jobs run (the job mechanism's runners, the
 * `npm run import-export` command): the zip's two passes (archive.ts, restore.ts) and the job's
 * outcome on its item.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IMPORT_EMPTY_DISTRICT_ONLY } from '@caseload/contract/account-import';
import { exportFileNames, type ExportFileName } from '@caseload/contract/export-files';
import { nowIso } from '../clock.ts';
import { db } from '../db.ts';
import { ConflictError } from '../errors.ts';
import { fileKeys, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import { NotAnExportError, openExportZip } from './archive.ts';
import { getImportItem, hasClients, moveStatus } from './job.ts';
import { checkEveryLine, restore, type ImportCounts } from './restore.ts';
import { importStorage } from './storage.ts';

export interface ImportOutcome {
  counts: ImportCounts;
}

/**
 * Imports the zip at `path` into the account, the owner `ownerId` importing: the district must be
 * empty; every line is checked first (nothing is written for a zip that is not a valid export:
 * NotAnExportError), then everything is written. `progress` hears the share done (0–1).
 */
export async function importZipFile(accountId: string, ownerId: string, path: string, size: number, progress: (done: number, counts: ImportCounts) => Promise<void> = async () => {}): Promise<ImportOutcome> {
  if (await hasClients(accountId)) throw new ConflictError(IMPORT_EMPTY_DISTRICT_ONLY);
  const zip = await openExportZip(path, size);
  try {
    const total = Math.max(1, exportFileNames.reduce((sum, name) => sum + (zip.manifest.counts[`${name}.jsonl`] ?? 0), 0));
    let checked = 0;
    let lastReported = 0;
    const counts: ImportCounts = {};
    const report = async (share: number) => {
      // A progress write per 2 % at most: a district's million records must not mean a million writes.
      if (share - lastReported < 0.02 && share < 1) return;
      lastReported = share;
      await progress(Math.min(share, 0.99), counts);
    };
    // Pass 1 (a fifth of the bar): every line of every file, nothing written.
    await checkEveryLine(zip, exportFileNames, () => {
      checked += 1;
    });
    await report(0.2 * Math.min(1, checked / total));
    let written = 0;
    await restore(zip, {
      accountId,
      ownerId,
      async done(file: ExportFileName) {
        counts[file] = (counts[file] ?? 0) + 1;
        written += 1;
        await report(0.2 + 0.8 * Math.min(1, written / total));
      },
    });
    return { counts };
  } finally {
    zip.close();
  }
}

/** The job's runner: reads the uploaded zip, imports it, records the outcome; the zip is deleted either way. */
export async function runAccountImport(accountId: string, importId: string): Promise<void> {
  const item = await getImportItem(accountId, importId);
  if (!item || item.status !== 'applying') return;
  const key = fileKeys.accountImportUpload(accountId, importId);
  const storage = importStorage();
  try {
    const zip = await storage.open(key);
    try {
      const { counts } = await importZipFile(accountId, item.createdBy, zip.path, zip.size, (progress, counts) => setProgress(accountId, importId, progress, counts));
      await moveStatus(accountId, importId, 'applying', 'done', { progress: 1, counts });
    } finally {
      await zip.close();
    }
  } catch (e) {
    const message = e instanceof NotAnExportError || e instanceof ConflictError ? e.message : 'The import stopped on an unexpected error; part of the district may have been written (docs/leaving.md says how to start again).';
    await moveStatus(accountId, importId, 'applying', 'failed', { errors: [message] });
    if (!(e instanceof NotAnExportError || e instanceof ConflictError)) throw e;
  } finally {
    await storage.remove(key);
  }
}

async function setProgress(accountId: string, importId: string, progress: number, counts: ImportCounts) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.accountImport(accountId, importId),
      UpdateExpression: 'SET progress = :p, counts = :c, updatedAt = :at',
      ConditionExpression: '#status = :applying',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':p': progress, ':c': counts, ':at': nowIso(), ':applying': 'applying' },
    }),
  );
}

