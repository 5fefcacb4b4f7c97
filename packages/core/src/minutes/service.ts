/**
 * Service-minutes reads. A student's minutes for a period are ONE consistent Query of the client's
 * minutes partition from `DAY#<from>` on: its attended sessions from `from` on, then its
 * IEP set (`IEPS`), then its make-up items (`MAKEUP#…`), since 'DAY#' < 'IEPS' < 'MAKEUP#'. Plus the
 * account's time zone, closures and school years: three GetItems per request, not per student. The district's
 * sessions are never read, so the cost follows the caseload, not the district.
 */
import {
  MAX_MINUTES_ROWS,
  MINUTES_CSV_HEADER,
  TOO_MANY_STUDENTS,
  type caseloadMinutesQuery,
  type ClientMinutes,
  type MinuteStatus,
  type minutesRange,
  type MinutesRow,
  type MinutesSummary,
  type OwedMakeup,
} from '@caseload/contract/school-year';
import type * as z from 'zod/mini';
import { getVisibleClient } from '../caseload/access.ts';
import { caseloadOwner } from '../caseload/client-lists.ts';
import { byName } from '../caseload/client-order.ts';
import { listClientItems } from '../caseload/clients-repo.ts';
import { now } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { BadRequestError } from '../errors.ts';
import type { AttendedItem, CaseloadEntryItem, ClientItem, IepRecord, IepSetItem, MakeupItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { csvDocument, csvFile, csvRow, type ExportFile } from '../csv.ts';
import { addDays, localDate, schoolYearOf } from '../school-calendar/dates.ts';
import { thisSchoolYear, yearHolding } from '../school-calendar/school-years.ts';
import { schoolCalendarOf } from '../school-calendar/settings.ts';
import { computeMinutes, countAttended, type InstructionalCalendar } from './required.ts';
import { inPool } from '../concurrency.ts';

type Range = z.output<typeof minutesRange>;
type CaseloadQuery = z.output<typeof caseloadMinutesQuery>;

/** Minutes partitions read at once for a caseload (each is one Query). */
const PARTITION_CONCURRENCY = 16;

interface Calendar extends InstructionalCalendar {
  timeZone: string;
  today: string;
}

async function calendarOf(accountId: string): Promise<Calendar> {
  const calendar = await schoolCalendarOf(accountId);
  return { ...calendar, today: localDate(now(), calendar.timeZone) };
}

/**
 * The period asked for. Without either end it is this school year (the one covering today, else
 * the next); a missing end is taken from the school year holding the other end. Where no school
 * year is defined, 1 July – 30 June stands in for the dates (and required minutes are unknown).
 */
function periodOf(range: Range, calendar: Calendar): { from: string; to: string } {
  const given = range.from ?? range.to;
  const defined = given === undefined ? thisSchoolYear(calendar.years, calendar.today) : yearHolding(calendar.years, given);
  const year = defined ? { from: defined.firstDay, to: defined.lastDay } : schoolYearOf(given ?? calendar.today);
  return { from: range.from ?? year.from, to: range.to ?? year.to };
}

/** What one Query of a student's minutes partition holds. */
interface MinutesPartition {
  attended: AttendedItem[];
  ieps: IepRecord[];
  makeups: MakeupItem[];
}

async function readMinutesPartition(accountId: string, clientId: string, from: string): Promise<MinutesPartition> {
  const items = await queryPartition<{ SK: string } & Partial<AttendedItem & IepSetItem & MakeupItem>>({
    pk: keys.clientMinutes(accountId, clientId),
    skFrom: sortKeys.minutesFrom(from),
    // A session marked a moment ago shows at once.
    consistent: true,
  });
  const out: MinutesPartition = { attended: [], ieps: [], makeups: [] };
  for (const item of items) {
    if (sortKeys.isAttended(item.SK)) out.attended.push(item as AttendedItem);
    else if (sortKeys.isIepSet(item.SK)) out.ieps = Object.values((item as IepSetItem).ieps);
    else if (sortKeys.isMakeup(item.SK)) out.makeups.push(item as MakeupItem);
  }
  return out;
}

const owedIn = (makeups: MakeupItem[], from: string, to: string) => makeups.filter((m) => !m.settledBy && from <= m.date && m.date <= to).length;

/**
 * IEPs as the arithmetic counts them. One ended before IEPs had `endedOn` stops on the day of its
 * last change (when it was ended, unless edited since): read so, no backfill needed.
 */
const countable = (ieps: IepRecord[], timeZone: string) =>
  ieps.map((iep) => (iep.status === 'ended' && !iep.endedOn ? { ...iep, endedOn: localDate(iep.updatedAt, timeZone) } : iep));

function figuresOf(partition: MinutesPartition, calendar: Calendar, period: { from: string; to: string }) {
  const ieps = countable(partition.ieps, calendar.timeZone);
  const { deliveredByDay, notCounted } = countAttended(partition.attended, ieps, period.from, period.to);
  return {
    ...computeMinutes({ ieps, calendar, ...period, today: calendar.today, deliveredByDay }),
    makeupsOwed: owedIn(partition.makeups, period.from, period.to),
    notCounted,
  };
}

export async function clientServiceMinutes(auth: AuthContext, clientId: string, range: Range): Promise<ClientMinutes> {
  const [, calendar] = await Promise.all([getVisibleClient(auth, clientId, { includeArchived: true }), calendarOf(auth.accountId)]);
  const period = periodOf(range, calendar);
  const partition = await readMinutesPartition(auth.accountId, clientId, period.from);
  return { ...period, ...figuresOf(partition, calendar, period) };
}

/** The IEP whose review and evaluation dates a row shows: the active one that started last. */
function currentIep(ieps: IepRecord[]): IepRecord | undefined {
  return ieps.filter((i) => i.status === 'active').sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
}

/**
 * The caseload's active clients the caller may see, in name order (the same sets as the whole
 * client list: a clinician's caseload entries, or the tenant's live clients), refused above
 * MAX_MINUTES_ROWS. Read here rather than through listClients, whose paging would bring the list
 * cursor's key into these functions.
 */
async function caseloadClients(auth: AuthContext, assignedTo: string, bounded = true): Promise<(ClientItem | CaseloadEntryItem)[]> {
  const owner = caseloadOwner(auth, assignedTo);
  const listed: (ClientItem | CaseloadEntryItem)[] = owner
    ? await queryPartition<CaseloadEntryItem>({ pk: keys.caseload(auth.accountId, owner), consistent: true })
    : (await listClientItems(auth.accountId)).filter((c) => !c.archivedAt);
  const clients = listed.filter((c) => c.status === 'active' && canSeeOrganization(auth, c.organizationId));
  if (bounded && clients.length > MAX_MINUTES_ROWS) throw new BadRequestError(TOO_MANY_STUDENTS, [{ path: 'assignedTo', message: TOO_MANY_STUDENTS }]);
  return clients.sort(byName);
}

/** One client's row: one Query of its minutes partition. */
async function rowOf(accountId: string, client: ClientItem | CaseloadEntryItem, calendar: Calendar, period: { from: string; to: string }): Promise<MinutesRow> {
  const partition = await readMinutesPartition(accountId, client.id, period.from);
  const { weeks: _weeks, ...figures } = figuresOf(partition, calendar, period);
  const iep = currentIep(partition.ieps);
  return {
    clientId: client.id,
    firstName: client.firstName,
    lastInitial: client.lastInitial,
    ...figures,
    ...(iep?.nextReviewDate ? { nextReviewDate: iep.nextReviewDate } : {}),
    ...(iep?.nextEvaluationDate ? { nextEvaluationDate: iep.nextEvaluationDate } : {}),
  };
}

/**
 * One client's row of this school year, as the caseload's minutes list shows it: the reminders
 * (notifications/) read its status and IEP dates when the client's IEPs change.
 */
export async function clientMinutesRow(accountId: string, client: ClientItem | CaseloadEntryItem): Promise<MinutesRow> {
  const calendar = await calendarOf(accountId);
  return rowOf(accountId, client, calendar, periodOf({}, calendar));
}

async function caseloadRows(auth: AuthContext, assignedTo: string, range: Range): Promise<{ rows: MinutesRow[]; period: { from: string; to: string }; today: string }> {
  const [clients, calendar] = await Promise.all([caseloadClients(auth, assignedTo), calendarOf(auth.accountId)]);
  const period = periodOf(range, calendar);
  const rows = await inPool(clients, (client) => rowOf(auth.accountId, client, calendar, period), PARTITION_CONCURRENCY);
  return { rows, period, today: calendar.today };
}

/** Clients whose rows a streamed export computes before writing them. */
const EXPORT_BATCH = 200;

/**
 * The rows of a caseload of any size (a whole district's), batch after batch in the order of the
 * synchronous export, for a background export: only the list of clients (a few attributes each,
 * needed whole to sort by name) is held, never the district's minutes.
 */
export async function* minutesRowBatches(auth: AuthContext, query: CaseloadQuery): AsyncGenerator<{ rows: MinutesRow[]; done: number; total: number }> {
  const [clients, calendar] = await Promise.all([caseloadClients(auth, query.assignedTo, false), calendarOf(auth.accountId)]);
  const period = periodOf(query, calendar);
  for (let start = 0; start < clients.length; start += EXPORT_BATCH) {
    const batch = clients.slice(start, start + EXPORT_BATCH);
    const rows = await inPool(batch, (client) => rowOf(auth.accountId, client, calendar, period), PARTITION_CONCURRENCY);
    yield { rows, done: start + batch.length, total: clients.length };
  }
}

/** The file name of a caseload's minutes export (the period asked for, defaults resolved). */
export async function minutesExportName(auth: AuthContext, range: Range): Promise<string> {
  return minutesFileName(periodOf(range, await calendarOf(auth.accountId)));
}
const minutesFileName = (period: { from: string; to: string }) => `service-minutes-${period.from}-to-${period.to}.csv`;

export async function listServiceMinutes(auth: AuthContext, query: CaseloadQuery): Promise<MinutesRow[]> {
  return (await caseloadRows(auth, query.assignedTo, query)).rows;
}

const statusWords: Record<MinuteStatus, string> = { on_track: 'On track', behind: 'Behind', no_iep: 'No IEP', no_school_year: 'No school year' };

/** One row's CSV line (no line end); every cell formula-safe. */
export function minutesRow(r: MinutesRow): string {
  return csvRow([
    `${r.firstName} ${r.lastInitial}.`,
    r.required ?? '',
    r.requiredToDate ?? '',
    r.delivered,
    r.makeupsOwed,
    statusWords[r.status],
    r.nextReviewDate ?? '',
    r.nextEvaluationDate ?? '',
  ]);
}

export const minutesCsv = (rows: MinutesRow[]): string => csvDocument(MINUTES_CSV_HEADER, rows.map(minutesRow));

export async function exportServiceMinutes(auth: AuthContext, query: CaseloadQuery): Promise<ExportFile> {
  const { rows, period } = await caseloadRows(auth, query.assignedTo, query);
  return csvFile(minutesFileName(period), minutesCsv(rows));
}

/** The dashboard's three counts over the current school year of the caseload. */
export async function getMinutesSummary(auth: AuthContext, query: { assignedTo: 'me' | 'all' }): Promise<MinutesSummary> {
  const { rows, today } = await caseloadRows(auth, query.assignedTo, {});
  const within = (date: string | undefined, days: number) => date !== undefined && today <= date && date <= addDays(today, days);
  return {
    behindOnMinutes: rows.filter((r) => r.status === 'behind').length,
    reviewsDueIn30Days: rows.filter((r) => within(r.nextReviewDate, 30)).length,
    reevaluationsDueIn60Days: rows.filter((r) => within(r.nextEvaluationDate, 60)).length,
  };
}

/** A visible client's canceled participations still owed a make-up, oldest first. */
export async function listClientMakeups(auth: AuthContext, clientId: string): Promise<OwedMakeup[]> {
  await getVisibleClient(auth, clientId, { includeArchived: true });
  const items = await queryPartition<MakeupItem>({ pk: keys.clientMinutes(auth.accountId, clientId), skPrefix: sortKeys.makeups(), consistent: true });
  return items
    .filter((m) => !m.settledBy)
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
    .map((m) => ({ sessionId: m.sessionId, scheduledAt: m.scheduledAt, date: m.date, duration: m.duration }));
}
