/**
 * Closed days (part 4 §1.5): the account's closures and school-year breaks are each one item,
 * replaced whole under its version, and a day newly closed cancels that day's undocumented series
 * occurrences. The cancelling must survive a failure half-way (a Lambda timeout, a throttled
 * write): the Put that stores the list also records every day it still has to reconcile
 * (`pendingDates`, the days it adds plus any an earlier save left unfinished), and only when all
 * of them are done does one Update take them out of that set. So the same save sent again after a
 * partial failure finds those days still pending and finishes them; a session it canceled the
 * first time counts as documented and is left alone, so no day is cancelled twice.
 *
 * A save whose pending days hold more than CLOSED_DAYS_SYNC_LIMIT undocumented occurrences does
 * not cancel them before it answers: it records a background job (closed-days-job.ts) that runs
 * the same cancelling day by day (closed-days-runner.ts) and answers with the job.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLOSED_DAYS_SYNC_LIMIT, type ClosedDaysJob } from '@caseload/contract/school-year';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { retryOnConflict, versionCondition } from '../db/conflicts.ts';
import { querySessions } from '../sessions/repo.ts';
import { cancelParticipations } from '../sessions/service.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { tableName } from '../table.ts';
import type { SessionItem } from '../items.ts';
import { dayRange, isDocumented } from './calendar.ts';
import { startClosedDaysJob, type ClosedDaysListName } from './closed-days-job.ts';
import { inPool } from '../concurrency.ts';
import { changeUnlessDocumented, WRITE_CONCURRENCY } from './occurrences.ts';

/** What a closed-days item has beside its own list. */
interface Versioned {
  version: number;
  /** The days a save recorded and has not finished reconciling (a string set: absent when empty). */
  pendingDates?: Set<string>;
}

export interface ClosedDaysList<Stored extends Versioned, List> {
  /** Which list this is (a background job finds the list item by it). */
  name: ClosedDaysListName;
  key: Record<string, string>;
  entityType: string;
  read: () => Promise<Stored | undefined>;
  /** The item to store for `list` (without version and pending days). */
  item: (list: List) => Omit<Stored, keyof Versioned>;
  /** The closed days of a stored or new list. */
  daysOf: (list: List) => ReadonlySet<string>;
  listOf: (stored: Stored) => List;
}

/** Who cancels: the sessions record them as their last editor. */
export interface Canceller {
  accountId: string;
  userId: string;
}

/** The undocumented series occurrences of one local date: one Query of the account's time index over that date's UTC instants. */
async function occurrencesOn(accountId: string, date: string, timeZone: string): Promise<SessionItem[]> {
  const { start, end } = dayRange(date, timeZone);
  return (await querySessions(accountId, start, end)).filter((s) => s.seriesId && !isDocumented(s));
}

/** Cancels these occurrences (each unless documented meanwhile); answers how many it canceled. */
async function cancelOccurrences(by: Canceller, sessions: SessionItem[]): Promise<number> {
  const outcomes = await inPool(sessions, (s) =>
    changeUnlessDocumented(by.accountId, s, (session) => ({
      ...session,
      status: 'canceled',
      cancelReason: 'school_closure',
      participants: cancelParticipations(session.participants, 'school_closure'),
      updatedAt: nowIso(),
      updatedBy: by.userId,
    })),
    WRITE_CONCURRENCY,
  );
  return outcomes.filter((o) => o === 'changed').length;
}

/** Cancels the undocumented series occurrences of one local date; answers how many it canceled. */
export async function cancelOccurrencesOn(by: Canceller, date: string, timeZone: string): Promise<number> {
  return cancelOccurrences(by, await occurrencesOn(by.accountId, date, timeZone));
}

/**
 * Takes reconciled days out of the list's pending set. Unconditional: a later save may have stored
 * a newer version meanwhile, and these days are reconciled whatever it holds (a day it closed again
 * is in its own pending set).
 */
export async function finishPendingDays(key: Record<string, string>, dates: string[]): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'DELETE #pending :done',
      ExpressionAttributeNames: { '#pending': 'pendingDates' },
      ExpressionAttributeValues: { ':done': new Set(dates) },
    }),
  );
}

/**
 * Replaces the list under the version read and cancels the occurrences on its newly closed days
 * (and on any day an earlier save left pending). Answers how many days it added and how many
 * sessions it canceled, or, with more than CLOSED_DAYS_SYNC_LIMIT to cancel, the background job
 * that cancels them.
 */
export async function saveClosedDays<Stored extends Versioned, List>(
  auth: AuthContext,
  spec: ClosedDaysList<Stored, List>,
  list: List,
): Promise<{ added: number; canceledSessions: number; job?: ClosedDaysJob }> {
  const { pending, added } = await retryOnConflict(async () => {
    const stored = await spec.read();
    const before = stored ? spec.daysOf(spec.listOf(stored)) : new Set<string>();
    const closed = spec.daysOf(list);
    const newDays = [...closed].filter((d) => !before.has(d));
    // A day an earlier save left pending is reconciled only while it is still closed.
    const pending = [...new Set([...newDays, ...[...(stored?.pendingDates ?? [])].filter((d) => closed.has(d))])].sort();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...spec.key, type: spec.entityType, ...spec.item(list), version: (stored?.version ?? 0) + 1, ...(pending.length ? { pendingDates: new Set(pending) } : {}) },
        ...(stored ? versionCondition(stored.version) : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    );
    return { pending, added: newDays.length };
  });
  if (!pending.length) return { added, canceledSessions: 0 };
  const timeZone = await accountTimeZone(auth.accountId);
  // Counted with the Query the cancelling uses, day after day, and no further than the limit.
  const byDay: SessionItem[][] = [];
  let affected = 0;
  for (const date of pending) {
    const sessions = await occurrencesOn(auth.accountId, date, timeZone);
    byDay.push(sessions);
    affected += sessions.length;
    if (affected > CLOSED_DAYS_SYNC_LIMIT) {
      // Too many to cancel before answering: the days stay pending and a background job finishes them.
      return { added, canceledSessions: 0, job: await startClosedDaysJob(auth, spec.name, pending) };
    }
  }
  // Days one after another, each day's sessions several at a time: the work stays bounded by the
  // sessions of the pending days (at most the limit).
  let canceledSessions = 0;
  for (const sessions of byDay) canceledSessions += await cancelOccurrences(auth, sessions);
  await finishPendingDays(spec.key, pending);
  return { added, canceledSessions };
}
