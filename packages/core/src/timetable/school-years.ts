/**
 * School years (part 4 §1.1): the account's list of years with their breaks, one item replaced
 * whole under its version (the schema already refused overlapping years and breaks outside their
 * year). A date newly inside a break cancels that date's undocumented series occurrences, as a
 * closure does (closures.ts); series created later skip break days (series.ts).
 */
import type { ClosedDaysJob, SchoolYear } from '@caseload/contract/school-year';
import { recordAudit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import type { SchoolYearsItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { breakDates } from '../school-calendar/school-years.ts';
import { readSchoolYearsItem } from '../school-calendar/settings.ts';
import { actorName } from '../people/actor-name.ts';
import { saveClosedDays } from './closed-days.ts';

const byFirstDay = (a: SchoolYear, b: SchoolYear) => a.firstDay.localeCompare(b.firstDay);
const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);

/** The stored shape: only the schema's fields, years by first day and breaks by start. */
const normalized = (input: SchoolYear[]): SchoolYear[] =>
  input
    .map(({ name, firstDay, lastDay, breaks }) => ({ name, firstDay, lastDay, breaks: breaks.map(({ name: n, start, end }) => ({ name: n, start, end })).sort(byStart) }))
    .sort(byFirstDay);

export async function listSchoolYears(auth: AuthContext): Promise<{ schoolYears: SchoolYear[] }> {
  return { schoolYears: normalized((await readSchoolYearsItem(auth.accountId))?.schoolYears ?? []) };
}

export async function saveSchoolYears(auth: AuthContext, input: SchoolYear[]): Promise<{ schoolYears: SchoolYear[]; canceledSessions: number; job?: ClosedDaysJob }> {
  const schoolYears = normalized(input);
  const { added, canceledSessions, job } = await saveClosedDays<SchoolYearsItem, SchoolYear[]>(
    auth,
    {
      name: 'schoolYears',
      key: keys.schoolYears(auth.accountId),
      entityType: entity.schoolYears,
      read: () => readSchoolYearsItem(auth.accountId),
      item: (list) => ({ accountId: auth.accountId, schoolYears: list }),
      daysOf: breakDates,
      listOf: (stored) => stored.schoolYears,
    },
    schoolYears,
  );
  await recordAudit(auth.accountId, {
    action: 'school_years.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'schoolYears',
    summary: `Updated the school years: ${schoolYears.length} year(s), ${added} break day(s) added, ${job ? 'sessions canceled in the background' : `${canceledSessions} session(s) canceled`}`,
  });
  return { schoolYears, canceledSessions, ...(job ? { job } : {}) };
}
