/**
 * Reporting periods (part 3 §6): the account's list, one item replaced whole under its version
 * (the schema already refused overlaps; the version keeps two managers' saves from interleaving).
 * The current period is the one containing today's date in the account's time zone.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportingPeriod, ReportingPeriods } from '@caseload/contract/reporting-periods';
import { recordAudit } from '../audit.ts';
import { now } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import type { ReportingPeriodsItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { localDate } from '../school-calendar/dates.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { retryOnConflict, versionCondition } from '../db/conflicts.ts';
import { actorName } from '../people/actor-name.ts';
import { tableName } from '../table.ts';

const byStart = (a: ReportingPeriod, b: ReportingPeriod) => a.start.localeCompare(b.start);

async function readReportingPeriodsItem(accountId: string): Promise<ReportingPeriodsItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.reportingPeriods(accountId), ConsistentRead: true }));
  return res.Item as ReportingPeriodsItem | undefined;
}

/** The period containing `today` (yyyy-MM-dd), if any; periods never overlap, so at most one does. */
export const periodContaining = (periods: readonly ReportingPeriod[], today: string): ReportingPeriod | null =>
  periods.find((p) => p.start <= today && today <= p.end) ?? null;

async function withCurrent(accountId: string, periods: ReportingPeriod[]): Promise<ReportingPeriods> {
  const today = localDate(now(), await accountTimeZone(accountId));
  return { periods, current: periodContaining(periods, today) };
}

export async function getReportingPeriods(auth: AuthContext): Promise<ReportingPeriods> {
  const item = await readReportingPeriodsItem(auth.accountId);
  return withCurrent(auth.accountId, [...(item?.periods ?? [])].sort(byStart));
}

/** The account's current reporting period, or null when today is in none. */
export async function currentReportingPeriod(accountId: string): Promise<ReportingPeriod | null> {
  const item = await readReportingPeriodsItem(accountId);
  return (await withCurrent(accountId, item?.periods ?? [])).current;
}

export async function saveReportingPeriods(auth: AuthContext, input: ReportingPeriod[]): Promise<ReportingPeriods> {
  const periods = input.map(({ name, start, end }) => ({ name, start, end })).sort(byStart);
  await retryOnConflict(async () => {
    const stored = await readReportingPeriodsItem(auth.accountId);
    const item: ReportingPeriodsItem = { accountId: auth.accountId, periods, version: (stored?.version ?? 0) + 1 };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.reportingPeriods(auth.accountId), type: entity.reportingPeriods, ...item },
        ...(stored ? versionCondition(stored.version) : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    );
  });
  await recordAudit(auth.accountId, {
    action: 'reporting_periods.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'reportingPeriods',
    summary: `Updated the reporting periods: ${periods.length} period(s)`,
  });
  return withCurrent(auth.accountId, periods);
}
