/**
 * Backfill of the minutes ledger (ledger.ts): every client's attended sessions and owed make-ups,
 * recomputed from the sessions. Version 2 replaces the first version's day totals (`DAY#<date>`,
 * which counted every session type alike) by one item per attended session (`DAY#<date>#<id>`),
 * so the minutes can tell therapy from the rest and individual from group service. Since the
 * ledger exists, every session write keeps it in its own transaction (sessions/repo.ts), so after
 * this run the ledger matches the sessions and stays so.
 *
 * Idempotent: an attended item or make-up is written only where the stored one differs from the
 * recomputation, and a first-version day total is deleted, so a second run writes nothing.
 *
 * Beside live traffic: each write goes with a check that its session still has the version listed;
 * a session changed in between wrote its own ledger items, fails the check, and the account is
 * recomputed. What is left is the time index's own lag (a change committed a moment before the
 * listing and not yet indexed); the run is meant for a start (`npm start` runs it before serving)
 * or a quiet moment.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, transact, type TxItem } from '../db.ts';
import type { AttendedItem, MakeupItem, SessionItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { isLostRace, versionCondition } from '../db/conflicts.ts';
import { tableName } from '../table.ts';
import { attendedBy, attendedPut, canceledParticipants, makeupUpdate, schoolDayOf } from './ledger.ts';
import { eachInPool } from '../concurrency.ts';

export const MINUTES_LEDGER_MIGRATION = 'minutes-ledger-v2';
const CONCURRENCY = 10;
/** Recomputations of one account before giving up (the run is then simply started again). */
const MAX_PASSES = 5;

type Stored<T> = T & { PK: string; SK: string };
interface ClientLedger {
  attended: Map<string, AttendedItem>;
  oldDayTotals: string[];
  makeups: Map<string, MakeupItem>;
}

const inChunks = <T>(items: T[], work: (item: T) => Promise<unknown>) => eachInPool(items, work, CONCURRENCY);

/** Each client's stored ledger (one consistent Query of its minutes partition). */
async function readLedgers(accountId: string): Promise<Map<string, ClientLedger>> {
  const { PK, SKPrefix } = keys.clientPrefix(accountId);
  const clients = await queryPartition<{ id: string }>({ pk: PK, skPrefix: SKPrefix, consistent: true });
  const ledgers = new Map<string, ClientLedger>();
  await inChunks(clients, async ({ id }) => {
    const items = await queryPartition<Stored<Record<string, unknown>>>({ pk: keys.clientMinutes(accountId, id), consistent: true });
    const ledger: ClientLedger = { attended: new Map(), oldDayTotals: [], makeups: new Map() };
    for (const item of items) {
      if (sortKeys.isAttended(item.SK)) ledger.attended.set(item.SK, item as unknown as AttendedItem);
      else if (sortKeys.isOldDayTotal(item.SK)) ledger.oldDayTotals.push(item.SK);
      else if (sortKeys.isMakeup(item.SK)) ledger.makeups.set((item as unknown as MakeupItem).sessionId, item as unknown as MakeupItem);
    }
    ledgers.set(id, ledger);
  });
  return ledgers;
}

const sameAttended = (stored: AttendedItem | undefined, a: Omit<AttendedItem, 'accountId'>) =>
  stored !== undefined && stored.minutes === a.minutes && stored.sessionType === a.sessionType && stored.groupSize === a.groupSize;
const sameMakeup = (stored: MakeupItem | undefined, session: SessionItem, date: string) =>
  stored !== undefined && stored.scheduledAt === session.scheduledAt && stored.duration === session.duration && stored.date === date;

/** One pass over an account: the items written, and whether a concurrent change calls for another pass. */
async function backfillPass(accountId: string, timeZone: string): Promise<{ written: number; raced: boolean }> {
  const ledgers = await readLedgers(accountId);
  const sessions = await queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId) });
  const writes: (() => Promise<unknown>)[] = [];
  // A client created after its ledger was read has only sessions the ledger's own writes counted.
  const unchanged = (session: SessionItem): TxItem => ({ ConditionCheck: { Key: keys.session(accountId, session.id), ...versionCondition(session.version) } });
  for (const session of sessions) {
    for (const a of attendedBy(session, timeZone)) {
      const ledger = ledgers.get(a.clientId);
      if (ledger && !sameAttended(ledger.attended.get(keys.attended(accountId, a.clientId, a.date, a.sessionId).SK), a)) {
        writes.push(() => transact([unchanged(session), attendedPut(accountId, a)]));
      }
    }
    for (const clientId of canceledParticipants(session)) {
      const date = schoolDayOf(session, timeZone);
      const ledger = ledgers.get(clientId);
      if (ledger && !sameMakeup(ledger.makeups.get(session.id), session, date)) writes.push(() => transact([unchanged(session), makeupUpdate(accountId, clientId, session, date)]));
    }
  }
  for (const [clientId, ledger] of ledgers) {
    for (const SK of ledger.oldDayTotals) writes.push(() => db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: keys.clientMinutes(accountId, clientId), SK } })));
  }
  let written = 0;
  let raced = false;
  await inChunks(writes, (write) =>
    write().then(
      () => void (written += 1),
      (e: unknown) => {
        if (!isLostRace(e)) throw e;
        raced = true;
      },
    ),
  );
  return { written, raced };
}

/** Backfills one account's ledger; returns how many items it wrote (0 when it was already right). */
export async function backfillMinutesLedger(accountId: string): Promise<number> {
  const timeZone = await accountTimeZone(accountId);
  let total = 0;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // Writes of a pass that raced are kept (each was right when written); the next pass does the rest.
    const { written, raced } = await backfillPass(accountId, timeZone);
    total += written;
    if (!raced) return total;
  }
  throw new Error(`The minutes ledger of account ${accountId} kept changing during its backfill; run it again`);
}

/** Backfills every account once per table (see migrations.ts). Returns the items written. */
export async function migrateMinutesLedger(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const written = await migrateEveryAccountOnce(MINUTES_LEDGER_MIGRATION, backfillMinutesLedger, run);
  if (written) log(`Wrote ${written} attended-session and make-up item(s) of the minutes ledger for earlier sessions`);
  return written;
}
