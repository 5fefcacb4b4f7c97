/**
 * The account's school-calendar settings that every minutes and timetable computation reads: its
 * time zone, its closures and its school years. Each is one GetItem.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { getAccount } from '../auth/users-repo.ts';
import { db } from '../db.ts';
import type { ClosuresItem, SchoolYearsItem } from '../items.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { SchoolYearDays } from './school-years.ts';

export async function accountTimeZone(accountId: string): Promise<string> {
  return (await getAccount(accountId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The stored closures item (consistent: a save's effects are read back at once), if any. */
export async function readClosuresItem(accountId: string): Promise<ClosuresItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.closures(accountId), ConsistentRead: true }));
  return res.Item as ClosuresItem | undefined;
}

/** The closed dates, as a set for the school-day arithmetic. */
export async function closedDates(accountId: string): Promise<Set<string>> {
  return new Set((await readClosuresItem(accountId))?.closures.map((c) => c.date) ?? []);
}

/** The account's school years by first day (consistent: a save's effects are read back at once). */
export async function readSchoolYearsItem(accountId: string): Promise<SchoolYearsItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.schoolYears(accountId), ConsistentRead: true }));
  return res.Item as SchoolYearsItem | undefined;
}

export async function schoolYearsOf(accountId: string): Promise<SchoolYearDays[]> {
  return (await readSchoolYearsItem(accountId))?.schoolYears ?? [];
}

/** The three at once: the zone, the closed dates and the school years (with their breaks). */
export async function schoolCalendarOf(accountId: string): Promise<{ timeZone: string; closed: Set<string>; years: SchoolYearDays[] }> {
  const [timeZone, closed, years] = await Promise.all([accountTimeZone(accountId), closedDates(accountId), schoolYearsOf(accountId)]);
  return { timeZone, closed, years };
}
