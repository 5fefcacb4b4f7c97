/**
 * The minutes ledger as stored (read straight from the table: it is the state under test), and the
 * same ledger recomputed from the sessions, for "totals = f(sessions)".
 */
import { DEFAULT_TIME_ZONE } from '../../packages/contract/src/school-year.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import type { MakeupItem, SessionItem } from '../../packages/core/src/items.ts';
import { keys, sortKeys } from '../../packages/core/src/keys.ts';
import { localDate } from '../../packages/core/src/school-calendar/dates.ts';

export interface Ledger {
  /** Therapy minutes attended by school day (days whose total is 0 are left out). */
  days: Record<string, number>;
  /** Owed or settled make-ups by the canceled session's id. */
  makeups: Record<string, { date: string; scheduledAt: string; duration: number; settledBy?: string }>;
}

export async function storedLedger(accountId: string, clientId: string): Promise<Ledger> {
  const items = await queryPartition<Record<string, any>>({ pk: keys.clientMinutes(accountId, clientId), consistent: true });
  const ledger: Ledger = { days: {}, makeups: {} };
  for (const item of items) {
    if (sortKeys.isAttended(item.SK) && item.sessionType === 'therapy') {
      const date = sortKeys.dateOfDay(item.SK);
      ledger.days[date] = (ledger.days[date] ?? 0) + Number(item.minutes);
    }
    if (sortKeys.isMakeup(item.SK)) {
      const m = item as MakeupItem;
      ledger.makeups[m.sessionId] = { date: m.date, scheduledAt: m.scheduledAt, duration: m.duration, ...(m.settledBy ? { settledBy: m.settledBy } : {}) };
    }
  }
  return ledger;
}

/** The account's session items, read consistently from its partition. */
export function storedSessions(accountId: string): Promise<SessionItem[]> {
  return queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
}

/**
 * The ledger the spec defines, from the sessions alone: a completed therapy session's duration for
 * each present participant on its date in the account's zone; a make-up per canceled participation.
 */
export function ledgerFromSessions(sessions: SessionItem[], clientId: string, timeZone = DEFAULT_TIME_ZONE): Omit<Ledger, 'makeups'> & { makeups: Record<string, { date: string; scheduledAt: string; duration: number }> } {
  const ledger = { days: {} as Record<string, number>, makeups: {} as Record<string, { date: string; scheduledAt: string; duration: number }> };
  for (const s of sessions) {
    const status = s.participants[clientId]?.status;
    const date = localDate(s.scheduledAt, timeZone);
    if (s.status === 'completed' && s.sessionType === 'therapy' && status === 'present') ledger.days[date] = (ledger.days[date] ?? 0) + s.duration;
    if (status === 'canceled') ledger.makeups[s.id] = { date, scheduledAt: s.scheduledAt, duration: s.duration };
  }
  for (const [date, total] of Object.entries(ledger.days)) if (total === 0) delete ledger.days[date];
  return ledger;
}

/** The stored ledger without settlements, to compare with `ledgerFromSessions`. */
export const withoutSettlements = (ledger: Ledger) => ({
  days: ledger.days,
  makeups: Object.fromEntries(Object.entries(ledger.makeups).map(([id, { settledBy: _settled, ...m }]) => [id, m])),
});
