/**
 * The minutes ledger and the make-ups owed, as writes that go into the transaction of the session
 * change that moves them (repo.ts `commitSessionChange`). A session write and its ledger writes
 * commit together or not at all, so the stored ledger always matches the sessions:
 * - `DAY#<date>#<sessionId>` of a client (`AttendedItem`): exists while the client is `present` in
 *   the `completed` session, dated on the school day of `scheduledAt` in the account's zone, with
 *   the session's duration, type and how many were present. Which of them deliver minutes (therapy
 *   only, individual service for an individual IEP) is decided when the minutes are read, against
 *   the IEP of that day (required.ts `countAttended`), so an IEP edit needs no ledger rewrite;
 * - `MAKEUP#<sessionId>` of a client: exists while the client's participation is canceled for a
 *   reason that owes a make-up (`owesMakeup`).
 */
import { makeupOwedReasons } from '@caseload/contract/enums';
import type { TxItem } from '../db.ts';
import type { AttendedItem, SessionItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { localDate } from '../school-calendar/dates.ts';
import { presentParticipants } from '../sessions/present.ts';

/** The participants a session's ledger lists as attended: none unless the session was completed. */
const attendees = (session: SessionItem): string[] => presentParticipants(session).map(([clientId]) => clientId);

/**
 * Part 4 §1.3: a canceled participation owes a make-up when the provider or a school activity took
 * it (a whole session canceled cascades its reason to each participation, sessions/service.ts);
 * never in a `no_show` session, which counts as the student absent. A participation canceled before
 * reasons were asked has none and keeps owing: that was the rule when it was canceled and its stored
 * make-up item says so, and reading it as `other` would silently drop service a student is owed.
 */
function owesMakeup(session: SessionItem | undefined, clientId: string): boolean {
  const entry = session?.participants[clientId];
  if (entry?.status !== 'canceled' || session!.status === 'no_show') return false;
  return entry.cancelReason === undefined || makeupOwedReasons.includes(entry.cancelReason);
}

/** The school day a session counts on: its date in the account's time zone. */
export const schoolDayOf = (session: SessionItem, timeZone: string) => localDate(session.scheduledAt, timeZone);

/** What a session puts in its participants' ledgers: one attended item per present participant. */
export function attendedBy(session: SessionItem, timeZone: string): Omit<AttendedItem, 'accountId'>[] {
  const date = schoolDayOf(session, timeZone);
  const present = attendees(session);
  return present.map((clientId) => ({ clientId, sessionId: session.id, date, minutes: session.duration, sessionType: session.sessionType, groupSize: present.length }));
}

/** The participants whose canceled participation owes a make-up. */
export const canceledParticipants = (session: SessionItem) => Object.keys(session.participants).filter((clientId) => owesMakeup(session, clientId));

/** Whether a session side moves any ledger item: an attended session or an owed make-up. */
export const countsInLedger = (session: SessionItem | undefined): boolean =>
  !!session && (presentParticipants(session).length > 0 || canceledParticipants(session).length > 0);

/** What of a session the ledger depends on: two sides that agree on it need no ledger write. */
function ledgerFacts(session: SessionItem | undefined): string {
  if (!session) return '';
  const statuses = Object.entries(session.participants)
    .map(([clientId, entry]) => `${clientId}:${entry.status}:${entry.cancelReason ?? ''}`)
    .sort();
  return JSON.stringify([session.status, session.sessionType, session.scheduledAt, session.duration, statuses]);
}

/**
 * Whether the change writes anything to the ledger, decided without the account's time zone (the
 * caller reads it only when this is true): a side that counts, and sides that differ in what counts.
 */
export const changesLedger = (before: SessionItem | undefined, after: SessionItem | undefined): boolean =>
  (countsInLedger(before) || countsInLedger(after)) && ledgerFacts(before) !== ledgerFacts(after);

/** The Put of an attended item (whole: it holds only facts of the session). */
export function attendedPut(accountId: string, a: Omit<AttendedItem, 'accountId'>): TxItem {
  return { Put: { Item: { ...keys.attended(accountId, a.clientId, a.date, a.sessionId), type: entity.attended, accountId, ...a } } };
}

const attendedKey = (a: Pick<AttendedItem, 'clientId' | 'date'>) => `${a.clientId}|${a.date}`;
const sameAttended = (a: Omit<AttendedItem, 'accountId'>, b: Omit<AttendedItem, 'accountId'>) =>
  a.minutes === b.minutes && a.sessionType === b.sessionType && a.groupSize === b.groupSize;

/** Upserts the make-up's facts; an Update (not a Put) keeps the `settledBy` of a make-up scheduled. */
export function makeupUpdate(accountId: string, clientId: string, session: SessionItem, date: string): TxItem {
  return {
    Update: {
      Key: keys.makeup(accountId, clientId, session.id),
      UpdateExpression:
        'SET #type = :type, #account = :account, #client = :client, #session = :session, #at = :at, #date = :date, #duration = :duration',
      ExpressionAttributeNames: {
        '#type': 'type',
        '#account': 'accountId',
        '#client': 'clientId',
        '#session': 'sessionId',
        '#at': 'scheduledAt',
        '#date': 'date',
        '#duration': 'duration',
      },
      ExpressionAttributeValues: {
        ':type': entity.makeup,
        ':account': accountId,
        ':client': clientId,
        ':session': session.id,
        ':at': session.scheduledAt,
        ':date': date,
        ':duration': session.duration,
      },
    },
  };
}

/**
 * The ledger writes of a session's move from `before` to `after` (either may be absent: a create,
 * a delete): the attended items before had and after has not (Delete), those after has new or
 * changed (Put; one write per item, since both sides name the same key for a participant and day),
 * and the make-up items of participants whose canceled participation starts, moves, or ends.
 */
export function sessionLedgerChanges(accountId: string, timeZone: string, before: SessionItem | undefined, after: SessionItem | undefined): TxItem[] {
  const sessionId = (after ?? before)!.id;
  const had = new Map((before ? attendedBy(before, timeZone) : []).map((a) => [attendedKey(a), a]));
  const has = new Map((after ? attendedBy(after, timeZone) : []).map((a) => [attendedKey(a), a]));
  const changes: TxItem[] = [];
  for (const [key, a] of had) if (!has.has(key)) changes.push({ Delete: { Key: keys.attended(accountId, a.clientId, a.date, sessionId) } });
  for (const [key, a] of has) {
    const old = had.get(key);
    if (!old || !sameAttended(old, a)) changes.push(attendedPut(accountId, a));
  }

  const clientIds = new Set([...Object.keys(before?.participants ?? {}), ...Object.keys(after?.participants ?? {})]);
  for (const clientId of clientIds) {
    const owedBefore = owesMakeup(before, clientId);
    const owedAfter = owesMakeup(after, clientId);
    if (owedAfter) {
      const moved = !owedBefore || before!.scheduledAt !== after!.scheduledAt || before!.duration !== after!.duration;
      if (moved) changes.push(makeupUpdate(accountId, clientId, after!, schoolDayOf(after!, timeZone)));
    } else if (owedBefore) {
      changes.push({ Delete: { Key: keys.makeup(accountId, clientId, sessionId) } });
    }
  }
  return changes;
}
