/**
 * Starting the roster import's background steps (kinds `rosterPreview`, `rosterApply`): the routes
 * that dispatch jobs import this, the others only read the item (job.ts).
 */
import { FIX_ORGS_FIRST, ROSTER_NOT_READY, type RosterImport } from '@caseload/contract/roster';
import type { AuthContext } from '../context.ts';
import { ConflictError } from '../errors.ts';
import { jobDispatcher, type JobKind } from '../jobs/dispatch.ts';
import { errorFields, logger } from '../observability.ts';
import { listSchoolYears, saveSchoolYears } from '../timetable/school-years.ts';
import { schoolYearsBody } from '@caseload/contract/school-year';
import { failRosterImport, getRosterImportItem, importStatusOnRead, managedImport, moveStatus, toRosterImport, type RosterImportItem } from './job.ts';

export async function dispatchOrFail(item: RosterImportItem, kind: JobKind): Promise<void> {
  try {
    await jobDispatcher().dispatch(item.accountId, item.importId, kind);
  } catch (e) {
    logger.error('roster_dispatch_failed', { importId: item.importId, error: errorFields(e) });
    await failRosterImport(item.accountId, item.importId);
  }
}

/** POST /api/roster-imports/{id}/apply: a ready preview without errors in orgs.csv; 409 otherwise. */
export async function applyRosterImport(auth: AuthContext, importId: string, input: { schoolYears: boolean }): Promise<RosterImport> {
  const item = await managedImport(auth, importId);
  if (importStatusOnRead(item) !== 'ready') throw new ConflictError(ROSTER_NOT_READY);
  if (item.orgErrors) throw new ConflictError(FIX_ORGS_FIRST);
  // The condition repeats both checks: a second Apply, or a preview started meanwhile, loses here.
  const moved = await moveStatus(auth.accountId, importId, ['ready'], 'applying', { progress: 0, saveSchoolYears: input.schoolYears }, { condition: ' AND orgErrors = :false', values: { ':false': false } });
  if (!moved) {
    const again = await getRosterImportItem(auth.accountId, importId);
    throw new ConflictError(again?.orgErrors ? FIX_ORGS_FIRST : ROSTER_NOT_READY);
  }
  // The school years are saved here, in the request (a handful; a break day may start the closed-days job).
  if (input.schoolYears && item.schoolYears.length) await saveImportedYears(auth, item.schoolYears);
  await dispatchOrFail({ ...item, status: 'applying' }, 'rosterApply');
  return toRosterImport((await getRosterImportItem(auth.accountId, importId)) ?? item);
}


/** Adds the file's school years (§1.1) to the account's, leaving out any that overlaps a year already there. */
async function saveImportedYears(auth: AuthContext, years: { name: string; firstDay: string; lastDay: string }[]) {
  const current = (await listSchoolYears(auth)).schoolYears;
  const overlaps = (a: { firstDay: string; lastDay: string }, b: { firstDay: string; lastDay: string }) => a.firstDay <= b.lastDay && b.firstDay <= a.lastDay;
  const added = years.filter((y, i) => !current.some((c) => overlaps(c, y)) && !years.some((o, j) => j < i && overlaps(o, y)));
  const parsed = schoolYearsBody.safeParse([...current, ...added.map((y) => ({ ...y, breaks: [] }))]);
  // A year the calendar refuses (longer than 12 months, say) is not saved; the import goes on.
  if (!parsed.success || !added.length) return;
  await saveSchoolYears(auth, parsed.data);
}
