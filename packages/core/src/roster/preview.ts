/**
 * Starting a roster preview: the route reads the zip's directory and the three header lines here
 * (its own module, so the other roster routes' bundles leave the zip and CSV readers out).
 */
import { MAX_ROSTER_BYTES, NOT_ONEROSTER, ROSTER_NOT_UPLOADED, ROSTER_TOO_LARGE, type RosterImport } from '@caseload/contract/roster';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError, ConflictError, PayloadTooLargeError } from '../errors.ts';
import { fileKeys } from '../keys.ts';
import { checkOneRoster } from './check.ts';
import { emptyAllCounts, getRosterImportItem, importStatusOnRead, managedImport, moveStatus, toRosterImport } from './job.ts';
import { dispatchOrFail } from './steps.ts';
import { NotOneRosterError, openRosterZip } from './oneroster.ts';
import { rosterStorage } from './storage.ts';

/**
 * POST /api/roster-imports/{id}/preview: checks that the uploaded file is a OneRoster CSV zip (400
 * otherwise, before any job), then starts the preview job. A ready or failed import may be
 * previewed again (with the other option).
 */
export async function previewRosterImport(auth: AuthContext, importId: string, input: { allStudentsAreClients: boolean }): Promise<RosterImport> {
  const item = await managedImport(auth, importId);
  if (!['uploading', 'ready', 'failed'].includes(importStatusOnRead(item))) throw new ConflictError('This import is already being previewed or applied');
  const storage = rosterStorage();
  const key = fileKeys.rosterUpload(auth.accountId, importId);
  const size = await storage.size(key);
  if (size === undefined) throw new ConflictError(ROSTER_NOT_UPLOADED);
  if (size > MAX_ROSTER_BYTES) throw new PayloadTooLargeError(ROSTER_TOO_LARGE);
  const opened = await storage.open(key);
  try {
    const zip = await openRosterZip(opened.path);
    try {
      await checkOneRoster(zip);
    } finally {
      zip.close();
    }
  } catch (e) {
    if (e instanceof NotOneRosterError) throw new BadRequestError(NOT_ONEROSTER);
    throw e;
  } finally {
    await opened.close();
  }
  const fields = { progress: 0, allStudentsAreClients: input.allStudentsAreClients, counts: emptyAllCounts(), errors: [], moreErrors: 0, unmatchedStaff: [], schoolYears: [], orgErrors: false };
  if (!(await moveStatus(auth.accountId, importId, ['uploading', 'ready', 'failed'], 'previewing', fields))) throw new ConflictError('This import is already being previewed or applied');
  const moved = { ...item, ...fields, status: 'previewing' as const, updatedAt: nowIso() };
  await dispatchOrFail(moved, 'rosterPreview');
  return toRosterImport((await getRosterImportItem(auth.accountId, importId)) ?? moved);
}

