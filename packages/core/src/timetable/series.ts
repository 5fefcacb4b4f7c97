/**
 * Recurring series ("Repeats weekly on"): one session per matching school day from `startsOn` to
 * `until`, at the rule's wall-clock time in the account's zone, each carrying `seriesId`. The
 * series item keeps the rule and the ids of its occurrences, so every series change reads its
 * occurrences by key (one BatchGet), never the district's sessions.
 *
 * All or nothing for the user: a create (or the new part of an edit) that fails part-way removes
 * what it wrote before answering the error. The series item is written first and lists every
 * occurrence it is about to write, so even a process that dies mid-way leaves nothing a series
 * delete cannot reach. Series changes never delete a documented occurrence (calendar.ts).
 */
import type * as z from 'zod/mini';
import type { SeriesChange, SessionSeries, seriesBody, updateSeriesBody } from '@caseload/contract/school-year';
import { recordAudit } from '../audit.ts';
import { getVisibleClients } from '../caseload/access.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import { errorFields, logger } from '../observability.ts';
import type { ClientItem, SessionItem, SessionSeriesItem } from '../items.ts';
import { addDays, instantAt, localDate } from '../school-calendar/dates.ts';
import { breakDates } from '../school-calendar/school-years.ts';
import { accountTimeZone, schoolCalendarOf } from '../school-calendar/settings.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { actorName } from '../people/actor-name.ts';
import { participantEntry, requireSchedulable } from '../sessions/service.ts';
import { isVisibleEntry } from '../sessions/view.ts';
import { isDocumented, occurrenceDates } from './calendar.ts';
import { createOccurrences, readSessions, removeUndocumented } from './occurrences.ts';
import { deleteSeriesItem, readSeries, writeSeries } from './series-repo.ts';

type SeriesInput = z.output<typeof seriesBody>;
type UpdateSeriesInput = z.output<typeof updateSeriesBody>;

export const NO_OCCURRENCES = 'No school day between these dates falls on the chosen weekdays';

function toSeries(item: SessionSeriesItem): SessionSeries {
  return {
    id: item.id,
    clientIds: item.clientIds,
    providerId: item.providerId,
    type: item.sessionType,
    weekdays: item.weekdays,
    time: item.time,
    duration: item.duration,
    startsOn: item.startsOn,
    until: item.until,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

function auditSeries(auth: AuthContext, action: string, seriesId: string, summary: string) {
  return recordAudit(auth.accountId, { action, actorId: auth.userId, actorName: actorName(auth), entityType: 'session_series', entityId: seriesId, summary });
}

/** The zone, and the days no occurrence is made on: closures and school-year breaks. */
const calendarOf = async (accountId: string) => {
  const { timeZone, closed, years } = await schoolCalendarOf(accountId);
  return { timeZone, closed: new Set([...closed, ...breakDates(years)]) };
};

/** The rule's fields of a series item, from a create or edit body. */
const ruleOf = (input: SeriesInput) => ({
  clientIds: input.clientIds,
  sessionType: input.type,
  weekdays: [...input.weekdays].sort((a, b) => a - b),
  time: input.time,
  duration: input.duration,
  startsOn: input.startsOn,
  until: input.until,
});

/** One occurrence of the series' rule on `date`: a scheduled session, like one scheduled by hand. */
function occurrence(auth: AuthContext, series: SessionSeriesItem, clients: ClientItem[], date: string, timeZone: string, at: string): SessionItem {
  return {
    id: newId(),
    accountId: auth.accountId,
    sessionType: series.sessionType,
    status: 'scheduled',
    scheduledAt: instantAt(date, series.time, timeZone),
    duration: series.duration,
    providerId: series.providerId,
    participants: Object.fromEntries(clients.map((c) => [c.id, participantEntry(c, undefined, at)])),
    seriesId: series.id,
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  };
}

/**
 * Removes the occurrences a failed write left (they are undocumented: nobody has seen them yet, and
 * one documented meanwhile would be kept). Answers whether none of them remains, so the caller
 * knows whether the series item, which lists them, may go. A cleanup that fails itself is logged
 * and leaves the series item in place: deleting the series later reaches every occurrence.
 */
async function undoCreated(accountId: string, sessions: SessionItem[]): Promise<boolean> {
  try {
    const { kept } = await removeUndocumented(accountId, await readSessions(accountId, sessions.map((s) => s.id)));
    return kept.length === 0;
  } catch (e) {
    logger.error('series_cleanup_failed', { error: errorFields(e) });
    return false;
  }
}

/** The series if the caller may see every one of its clients; else 404 (as if it did not exist). */
async function requireVisibleSeries(auth: AuthContext, seriesId: string): Promise<SessionSeriesItem> {
  const series = await readSeries(auth.accountId, seriesId);
  if (!series) throw new NotFoundError('Session series');
  try {
    await getVisibleClients(auth, series.clientIds, { includeArchived: true });
  } catch (e) {
    if (e instanceof NotFoundError) throw new NotFoundError('Session series');
    throw e;
  }
  return series;
}

/** Occurrences are the user's to delete only when every participant is within the user's organizations. */
function requireAllVisible(auth: AuthContext, sessions: SessionItem[]) {
  if (sessions.some((s) => Object.values(s.participants).some((p) => !isVisibleEntry(auth, p)))) {
    throw new ForbiddenError('This series includes sessions with clients outside your organizations');
  }
}

export async function createSeries(auth: AuthContext, input: SeriesInput): Promise<SeriesChange> {
  // Every client is checked before anything is written, as for one session: an unknown or hidden id is a 404.
  const clients = await getVisibleClients(auth, input.clientIds, { includeArchived: true });
  requireSchedulable(clients);
  const { timeZone, closed } = await calendarOf(auth.accountId);
  const dates = occurrenceDates(input, closed);
  if (!dates.length) throw new BadRequestError(NO_OCCURRENCES, [{ path: 'weekdays', message: NO_OCCURRENCES }]);
  const at = nowIso();
  const rule: SessionSeriesItem = {
    id: newId(),
    accountId: auth.accountId,
    ...ruleOf(input),
    providerId: input.providerId ?? auth.userId,
    sessionIds: [],
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
    version: 0,
  };
  const sessions = dates.map((date) => occurrence(auth, rule, clients, date, timeZone, at));
  const series = await writeSeries({ ...rule, sessionIds: sessions.map((s) => s.id) }, undefined);
  try {
    // The provider's check is inside each session's transaction: a provider who may not see these
    // clients refuses the first writes (400), and nothing stays behind.
    await createOccurrences(auth.accountId, sessions);
  } catch (failure) {
    if (await undoCreated(auth.accountId, sessions)) await deleteSeriesItem(series);
    throw failure;
  }
  await auditSeries(auth, 'series.created', series.id, `Scheduled a weekly series of ${sessions.length} session(s) with ${clients.length} client(s)`);
  return { series: toSeries(series), created: sessions.length, kept: 0, deleted: 0 };
}

export async function getSeries(auth: AuthContext, seriesId: string): Promise<SessionSeries> {
  return toSeries(await requireVisibleSeries(auth, seriesId));
}

/**
 * "This and following sessions": from `from` on (by local date), undocumented occurrences give way
 * to occurrences of the new rule, which skips the dates where a documented occurrence stays.
 * Earlier occurrences are untouched. The new occurrences are written first (all or nothing), then
 * the old ones are removed, so a failure leaves the series as it was.
 */
export async function updateSeries(auth: AuthContext, seriesId: string, input: UpdateSeriesInput): Promise<SeriesChange> {
  const clients = await getVisibleClients(auth, input.clientIds, { includeArchived: true });
  const { timeZone, closed } = await calendarOf(auth.accountId);
  const plan = await retryOnConflict(async () => {
    const series = await requireVisibleSeries(auth, seriesId);
    // Clients already in the series may stay whatever their status; new ones must be schedulable.
    requireSchedulable(clients.filter((c) => !series.clientIds.includes(c.id)));
    const occurrences = await readSessions(auth.accountId, series.sessionIds);
    const following = occurrences.filter((s) => localDate(s.scheduledAt, timeZone) >= input.from);
    requireAllVisible(auth, following);
    const at = nowIso();
    const next: SessionSeriesItem = { ...series, ...ruleOf(input), providerId: input.providerId ?? series.providerId, updatedAt: at, updatedBy: auth.userId };
    const stays = new Set(following.filter(isDocumented).map((s) => localDate(s.scheduledAt, timeZone)));
    const fresh = occurrenceDates(next, closed, input.from)
      .filter((d) => !stays.has(d))
      .map((date) => occurrence(auth, next, clients, date, timeZone, at));
    // Claims the series (a concurrent change of it loses and starts over) and lists the new
    // occurrences before they exist, so none can be left unreachable.
    const claimed = await writeSeries({ ...series, sessionIds: [...series.sessionIds, ...fresh.map((s) => s.id)] }, series.version);
    return { series, claimed, next, occurrences, following, fresh };
  });
  try {
    await createOccurrences(auth.accountId, plan.fresh);
  } catch (failure) {
    // The old occurrences are untouched: the series goes back to its rule and its list.
    if (await undoCreated(auth.accountId, plan.fresh)) await writeSeries(plan.series, plan.claimed.version);
    throw failure;
  }
  const { deleted, kept } = await removeUndocumented(auth.accountId, plan.following);
  const gone = new Set(deleted);
  const remaining = plan.occurrences.filter((s) => !gone.has(s.id)).map((s) => s.id);
  const written = await writeSeries({ ...plan.next, sessionIds: [...remaining, ...plan.fresh.map((s) => s.id)] }, plan.claimed.version);
  await auditSeries(auth, 'series.updated', seriesId, `Changed a weekly series: ${plan.fresh.length} created, ${kept.length} kept, ${deleted.length} deleted`);
  return { series: toSeries(written), created: plan.fresh.length, kept: kept.length, deleted: deleted.length };
}

/**
 * Deletes the undocumented occurrences from `from` on; documented ones stay. The series ends the
 * day before `from`, or goes when no occurrence of it remains at all.
 */
export async function deleteSeries(auth: AuthContext, seriesId: string, from: string): Promise<SeriesChange> {
  const timeZone = await accountTimeZone(auth.accountId);
  const deleted = new Set<string>();
  const result = await retryOnConflict(async () => {
    const series = await requireVisibleSeries(auth, seriesId);
    const occurrences = await readSessions(auth.accountId, series.sessionIds);
    const following = occurrences.filter((s) => localDate(s.scheduledAt, timeZone) >= from);
    requireAllVisible(auth, following);
    const removed = await removeUndocumented(auth.accountId, following);
    for (const id of removed.deleted) deleted.add(id);
    const remaining = occurrences.filter((s) => !deleted.has(s.id)).map((s) => s.id);
    if (!remaining.length) {
      await deleteSeriesItem(series);
      return { kept: removed.kept.length };
    }
    const dayBefore = addDays(from, -1);
    const until = dayBefore < series.until ? dayBefore : series.until;
    const written = await writeSeries({ ...series, until, sessionIds: remaining, updatedAt: nowIso(), updatedBy: auth.userId }, series.version);
    return { series: toSeries(written), kept: removed.kept.length };
  });
  await auditSeries(auth, 'series.deleted', seriesId, `Deleted ${deleted.size} session(s) of a weekly series, kept ${result.kept}`);
  return { ...result, created: 0, deleted: deleted.size };
}
