/**
 * The delivered-minutes ledger and the make-ups owed, as writes that go into the transaction of the
 * session change that moves them (repo.ts `commitSessionChange`). A session write and its ledger
 * writes commit together or not at all, so the stored totals are always the sum over the sessions:
 * - `DAY#<date>` of a client: `ADD delivered` the session's duration for each participant `present`
 *   in a `completed` session, on the school day of `scheduledAt` in the account's time zone; the
 *   change writes the difference between its before and after sides;
 * - `MAKEUP#<sessionId>` of a client: exists while the client's participation is `canceled`.
 */
import type { TxItem } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { localDate } from '../school-calendar/dates.ts';

/** The participants whose minutes a session delivers: none unless the session was completed. */
function presentParticipants(session: SessionItem): string[] {
  if (session.status !== 'completed') return [];
  return Object.entries(session.participants)
    .filter(([, entry]) => entry.status === 'present')
    .map(([clientId]) => clientId);
}

const owesMakeup = (session: SessionItem | undefined, clientId: string) => session?.participants[clientId]?.status === 'canceled';

/** The school day a session counts on: its date in the account's time zone. */
export const schoolDayOf = (session: SessionItem, timeZone: string) => localDate(session.scheduledAt, timeZone);

/** What a session delivers: its duration to each present participant, on its school day. */
export function deliveredBy(session: SessionItem, timeZone: string): { clientId: string; date: string; minutes: number }[] {
  const date = schoolDayOf(session, timeZone);
  return presentParticipants(session).map((clientId) => ({ clientId, date, minutes: session.duration }));
}

/** The participants whose canceled participation owes a make-up. */
export const canceledParticipants = (session: SessionItem) => Object.keys(session.participants).filter((clientId) => owesMakeup(session, clientId));

/** Whether a session side moves any ledger item: delivered minutes or an owed make-up. */
export const countsInLedger = (session: SessionItem | undefined): boolean =>
  !!session && (presentParticipants(session).length > 0 || Object.values(session.participants).some((p) => p.status === 'canceled'));

/** What of a session the ledger depends on: two sides that agree on it need no ledger write. */
function ledgerFacts(session: SessionItem | undefined): string {
  if (!session) return '';
  const statuses = Object.entries(session.participants)
    .map(([clientId, entry]) => `${clientId}:${entry.status}`)
    .sort();
  return JSON.stringify([session.status, session.scheduledAt, session.duration, statuses]);
}

/**
 * Whether the change writes anything to the ledger, decided without the account's time zone (the
 * caller reads it only when this is true): a side that counts, and sides that differ in what counts.
 */
export const changesLedger = (before: SessionItem | undefined, after: SessionItem | undefined): boolean =>
  (countsInLedger(before) || countsInLedger(after)) && ledgerFacts(before) !== ledgerFacts(after);

function deliveredUpdate(accountId: string, clientId: string, date: string, delta: number): TxItem {
  return {
    Update: {
      Key: keys.deliveredDay(accountId, clientId, date),
      UpdateExpression: 'SET #type = :type, #account = :account, #client = :client, #date = :date ADD #delivered :delta',
      ExpressionAttributeNames: { '#type': 'type', '#account': 'accountId', '#client': 'clientId', '#date': 'date', '#delivered': 'delivered' },
      ExpressionAttributeValues: { ':type': entity.deliveredDay, ':account': accountId, ':client': clientId, ':date': date, ':delta': delta },
    },
  };
}

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
 * a delete): one ADD per (client, school day) whose total changes (before's contribution taken
 * away, after's added, merged so no item is touched twice), and the make-up items of participants
 * whose canceled participation starts, moves, or ends.
 */
export function sessionLedgerChanges(accountId: string, timeZone: string, before: SessionItem | undefined, after: SessionItem | undefined): TxItem[] {
  const deltas = new Map<string, { clientId: string; date: string; delta: number }>();
  const contribute = (session: SessionItem | undefined, sign: 1 | -1) => {
    for (const { clientId, date, minutes } of session ? deliveredBy(session, timeZone) : []) {
      const id = `${clientId}|${date}`;
      const entry = deltas.get(id) ?? { clientId, date, delta: 0 };
      entry.delta += sign * minutes;
      deltas.set(id, entry);
    }
  };
  contribute(before, -1);
  contribute(after, 1);
  const changes: TxItem[] = [...deltas.values()].filter((d) => d.delta !== 0).map((d) => deliveredUpdate(accountId, d.clientId, d.date, d.delta));

  const sessionId = (after ?? before)!.id;
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
