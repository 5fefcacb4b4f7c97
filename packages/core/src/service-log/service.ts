/**
 * The Medicaid service log's reads. A request reads, whatever the number of lines:
 * 1. the account's time zone (one GetItem);
 * 2. the sessions scheduled in the period: one Query of the provider index (GSI1, `assignedTo` 'me'
 *    or a user id) or of the account's time index (GSI2, 'all'), paged to its end;
 * 3. in parallel, one BatchGet each (split only at DynamoDB's 100 keys per request) of the present
 *    participants' clients, of the sessions' providers, and of the NOTE items of the lines (their
 *    signatures only, never the note text).
 * No read is made per line or per session. The on-screen list and the synchronous export read at
 * most MAX_SERVICE_LOG_SESSIONS; a whole district's period goes to the background export
 * (../exports), which makes the same reads one index page at a time (serviceLogBatches).
 */
import { MAX_SERVICE_LOG_DAYS, type serviceLogQuery, type ServiceLogLine } from '@caseload/contract/signatures';
import type * as z from 'zod/mini';
import { now } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition, queryPartitionPages } from '../db.ts';
import { batchGetItems } from '../db/batch-get.ts';
import { BadRequestError } from '../errors.ts';
import { keys } from '../keys.ts';
import { csvFile, type ExportFile } from '../csv.ts';
import { addDays, daysBetween, instantAt, localDate } from '../school-calendar/dates.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { providerOf } from '../sessions/provider.ts';
import type { SessionItem } from '../items.ts';
import { presentParticipants } from '../sessions/present.ts';
import { buildLines, noteKey, serviceLogCsv, type LogClient, type LogNote, type LogUser } from './lines.ts';

type Query = z.output<typeof serviceLogQuery>;

/** BatchGet requests of one kind in flight at once. */
const BATCH_CONCURRENCY = 8;

const RANGE_TOO_LONG = `The date range can be at most ${MAX_SERVICE_LOG_DAYS} days`;

/**
 * The period's dates in the account's zone, both included. Absent `to` is today (or `from`, when
 * that is later); absent `from` is the first of `to`'s month, so no filter means this month so far.
 * The contract checks an explicit pair; a default end can still make the range too long.
 */
export function periodOf(query: Pick<Query, 'from' | 'to'>, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? `${to.slice(0, 8)}01`;
  if (daysBetween(from, to) >= MAX_SERVICE_LOG_DAYS) throw new BadRequestError(RANGE_TOO_LONG, [{ path: 'to', message: RANGE_TOO_LONG }]);
  return { from, to };
}

/** The items of these keys (absent ones left out), with only the attributes named. */
function batchGet<T>(keyList: { PK: string; SK: string }[], attributes: string[]): Promise<(T & { PK: string; SK: string })[]> {
  return batchGetItems<T & { PK: string; SK: string }>(keyList, { attributes: ['PK', 'SK', ...attributes], parallelChunks: BATCH_CONCURRENCY });
}

/**
 * The most sessions the on-screen list and the synchronous export read at once; past it they point
 * to the background export (POST /api/exports), which reads a period of any size page by page.
 */
export const MAX_SERVICE_LOG_SESSIONS = 5000;
export const TOO_MANY_SESSIONS = `This period has more than ${MAX_SERVICE_LOG_SESSIONS} sessions to show: choose a shorter period or one provider, or export the whole period as a file`;

/** The index partition holding the sessions of `assignedTo` ('all': the account's time index). */
function sessionSource(auth: AuthContext, assignedTo: string) {
  return assignedTo === 'all'
    ? { index: 'GSI2' as const, pk: keys.sessionsByTime(auth.accountId) }
    : { index: 'GSI1' as const, pk: keys.sessionsOfProvider(auth.accountId, assignedTo === 'me' ? auth.userId : assignedTo) };
}

async function sessionsOf(auth: AuthContext, assignedTo: string, from: string, to: string) {
  const sessions = await queryPartition<SessionItem>({ ...sessionSource(auth, assignedTo), skBetween: [from, to], limit: MAX_SERVICE_LOG_SESSIONS + 1 });
  if (sessions.length > MAX_SERVICE_LOG_SESSIONS) throw new BadRequestError(TOO_MANY_SESSIONS, [{ path: 'from', message: TOO_MANY_SESSIONS }]);
  return sessions;
}

export async function listServiceLog(auth: AuthContext, query: Query): Promise<ServiceLogLine[]> {
  return (await serviceLog(auth, query)).lines;
}

/** The account's zone, the period's dates and the instants that bound its sessions. */
async function windowOf(auth: AuthContext, query: Query) {
  const timeZone = await accountTimeZone(auth.accountId);
  const period = periodOf(query, localDate(now(), timeZone));
  return { timeZone, period, from: instantAt(period.from, '00:00', timeZone), until: instantAt(addDays(period.to, 1), '00:00', timeZone) };
}

async function serviceLog(auth: AuthContext, query: Query): Promise<{ lines: ServiceLogLine[]; period: { from: string; to: string } }> {
  const { timeZone, period, from, until } = await windowOf(auth, query);
  const sessions = await sessionsOf(auth, query.assignedTo, from, until);
  return { lines: await linesOf(auth, sessions, timeZone, query), period };
}

/** The lines of these sessions the caller may see, filtered as asked, sorted (three BatchGet families). */
async function linesOf(auth: AuthContext, read: SessionItem[], timeZone: string, query: Query): Promise<ServiceLogLine[]> {
  const sessions = read.filter((s) => presentParticipants(s).length > 0);
  const participations = sessions.flatMap((s) => presentParticipants(s).map(([clientId]) => ({ sessionId: s.id, clientId })));
  const clientIds = [...new Set(participations.map((p) => p.clientId))];
  const providerIds = [...new Set(sessions.map((s) => providerOf(s)).filter((id): id is string => id !== undefined))];
  const [clients, users, notes] = await Promise.all([
    batchGet<LogClient>(
      clientIds.map((id) => keys.client(auth.accountId, id)),
      ['id', 'firstName', 'lastInitial', 'organizationId', 'icd10Codes', 'medicaidEligible'],
    ),
    batchGet<LogUser>(
      providerIds.map((id) => keys.user(auth.accountId, id)),
      ['id', 'firstName', 'lastName', 'role'],
    ),
    batchGet<LogNote>(
      participations.map((p) => keys.sessionNote(auth.accountId, p.sessionId, p.clientId)),
      ['signature', 'cosignature'],
    ),
  ]);
  // A NOTE item is told by its key, which every writer sets, rather than by attributes it may lack.
  const participationOfNote = new Map(
    participations.map((p) => {
      const key = keys.sessionNote(auth.accountId, p.sessionId, p.clientId);
      return [`${key.PK}|${key.SK}`, noteKey(p.sessionId, p.clientId)];
    }),
  );

  const all = buildLines({
    sessions,
    clients: new Map(clients.map((c) => [c.id, c])),
    users: new Map(users.map((u) => [u.id, u])),
    notes: new Map(notes.map((n) => [participationOfNote.get(`${n.PK}|${n.SK}`)!, n])),
    timeZone,
    canSee: (organizationId) => canSeeOrganization(auth, organizationId),
  });
  return all.filter((l) => (!query.medicaidOnly || l.medicaidEligible) && (!query.unsignedOnly || !l.signed));
}

/** Sessions read per DynamoDB page by the background export (a page also stops at 1 MB). */
const EXPORT_PAGE_SESSIONS = 1000;
/** The minute a session starts in: lines are sorted by date and start, so a batch never splits one. */
const minuteOf = (s: SessionItem) => s.scheduledAt.slice(0, 16);

/**
 * The lines of a period of any size, batch after batch in the synchronous export's order, for a
 * background export: sessions are read one index page at a time and only one page (and its
 * clients, providers and notes) is held. The sessions of the page's last minute wait for the next
 * page, so sessions starting together are sorted together, as in one read. `progress` is the
 * share of the period read so far.
 */
export async function* serviceLogBatches(auth: AuthContext, query: Query): AsyncGenerator<{ lines: ServiceLogLine[]; progress: number }> {
  const { timeZone, from, until } = await windowOf(auth, query);
  const span = Date.parse(until) - Date.parse(from);
  let held: SessionItem[] = [];
  for await (const page of queryPartitionPages<SessionItem>({ ...sessionSource(auth, query.assignedTo), skBetween: [from, until] }, EXPORT_PAGE_SESSIONS)) {
    const sessions = [...held, ...page];
    const last = sessions.at(-1);
    if (!last) continue;
    const cut = sessions.findIndex((s) => minuteOf(s) === minuteOf(last));
    held = sessions.slice(cut);
    yield { lines: await linesOf(auth, sessions.slice(0, cut), timeZone, query), progress: (Date.parse(last.scheduledAt) - Date.parse(from)) / span };
  }
  yield { lines: await linesOf(auth, held, timeZone, query), progress: 1 };
}

/** The file name of a period's export (the period asked for, defaults resolved). */
export async function serviceLogExportName(auth: AuthContext, query: Query): Promise<string> {
  return serviceLogFileName((await windowOf(auth, query)).period);
}
const serviceLogFileName = (period: { from: string; to: string }) => `service-log-${period.from}-to-${period.to}.csv`;

export async function exportServiceLog(auth: AuthContext, query: Query): Promise<ExportFile> {
  const { lines, period } = await serviceLog(auth, query);
  return csvFile(serviceLogFileName(period), serviceLogCsv(lines));
}
