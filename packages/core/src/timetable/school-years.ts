/**
 * School years (part 4 §1.1): the account's list of years with their breaks, one item replaced
 * whole under its version (the schema already refused overlapping years and breaks outside their
 * year). A date newly inside a break cancels that date's undocumented series occurrences, as a
 * closure does (closures.ts); series created later skip break days (series.ts).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SchoolYear } from '@caseload/contract/school-year';
import { recordAudit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import type { SchoolYearsItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { breakDates } from '../school-calendar/school-years.ts';
import { accountTimeZone, readSchoolYearsItem } from '../school-calendar/settings.ts';
import { retryOnConflict, versionCondition } from '../sessions/conflicts.ts';
import { actorName } from '../sessions/service.ts';
import { tableName } from '../table.ts';
import { cancelOccurrencesOn } from './closures.ts';

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

/** Replaces the list under the version read; answers it and the break dates it adds. */
function replaceSchoolYears(accountId: string, input: SchoolYear[]) {
  return retryOnConflict(async () => {
    const stored = await readSchoolYearsItem(accountId);
    const schoolYears = normalized(input);
    const item: SchoolYearsItem = { accountId, schoolYears, version: (stored?.version ?? 0) + 1 };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.schoolYears(accountId), type: entity.schoolYears, ...item },
        ...(stored ? versionCondition(stored.version) : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    );
    const before = breakDates(stored?.schoolYears ?? []);
    return { schoolYears, added: [...breakDates(schoolYears)].filter((d) => !before.has(d)).sort() };
  });
}

export async function saveSchoolYears(auth: AuthContext, input: SchoolYear[]): Promise<{ schoolYears: SchoolYear[]; canceledSessions: number }> {
  const { schoolYears, added } = await replaceSchoolYears(auth.accountId, input);
  let canceledSessions = 0;
  if (added.length) {
    const timeZone = await accountTimeZone(auth.accountId);
    for (const date of added) canceledSessions += await cancelOccurrencesOn(auth, date, timeZone);
  }
  await recordAudit(auth.accountId, {
    action: 'school_years.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'schoolYears',
    summary: `Updated the school years: ${schoolYears.length} year(s), ${added.length} break day(s) added, ${canceledSessions} session(s) canceled`,
  });
  return { schoolYears, canceledSessions };
}
