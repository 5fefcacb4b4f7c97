/**
 * Backfill of the minutes ledger for sessions written before it existed: every client's delivered
 * minutes per school day and its owed make-ups, recomputed from the sessions. Since the ledger
 * exists, every session write keeps it in its own transaction (sessions/repo.ts), so after this run
 * the totals equal the sessions' sums and stay so.
 *
 * Idempotent: a day total is recomputed from the sessions and written whole (never added to), and
 * only where it differs, so a second run writes nothing. A session changed by the new code before
 * the run (an ADD onto a day that had no total yet) is corrected too: the recomputation replaces
 * whatever the day held.
 *
 * Beside live traffic: each client's day totals are read before the sessions are listed, and a
 * total is written only if its day still holds what was read; a session change landing in between
 * moved that total and so fails the condition, and the account is recomputed. A make-up item is
 * written together with a check that its session still has the version listed. What is left is the
 * time index's own lag (a change committed a moment before the listing and not yet indexed); the
 * run is meant for a start (`npm start` runs it before serving) or a quiet moment.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, transact, type TxItem } from '../db.ts';
import type { DeliveredDayItem, MakeupItem, SessionItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { migrateEveryAccountOnce } from '../migrations.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { isLostRace, versionCondition } from '../sessions/conflicts.ts';
import { tableName } from '../table.ts';
import { canceledParticipants, deliveredBy, makeupUpdate, schoolDayOf } from './ledger.ts';

export const MINUTES_LEDGER_MIGRATION = 'minutes-ledger-v1';
const CONCURRENCY = 10;
/** Recomputations of one account before giving up (the run is then simply started again). */
const MAX_PASSES = 5;

type Stored<T> = T & { PK: string; SK: string };
interface ClientLedger {
  days: Map<string, number>;
  makeups: Map<string, MakeupItem>;
}

async function inChunks<T>(items: T[], work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(work));
}

/** Each client's stored day totals and make-ups (one consistent Query of its minutes partition). */
async function readLedgers(accountId: string): Promise<Map<string, ClientLedger>> {
  const { PK, SKPrefix } = keys.clientPrefix(accountId);
  const clients = await queryPartition<{ id: string }>({ pk: PK, skPrefix: SKPrefix, consistent: true });
  const ledgers = new Map<string, ClientLedger>();
  await inChunks(clients, async ({ id }) => {
    const items = await queryPartition<Stored<Record<string, unknown>>>({ pk: keys.clientMinutes(accountId, id), consistent: true });
    const ledger: ClientLedger = { days: new Map(), makeups: new Map() };
    for (const item of items) {
      if (sortKeys.isDeliveredDay(item.SK)) ledger.days.set(sortKeys.dateOfDay(item.SK), Number((item as unknown as DeliveredDayItem).delivered));
      else if (sortKeys.isMakeup(item.SK)) ledger.makeups.set((item as unknown as MakeupItem).sessionId, item as unknown as MakeupItem);
    }
    ledgers.set(id, ledger);
  });
  return ledgers;
}

/** What the sessions say: minutes per client and day, and each canceled participation's make-up. */
function recompute(timeZone: string, sessions: SessionItem[]) {
  const totals = new Map<string, Map<string, number>>();
  const makeups: { clientId: string; session: SessionItem; date: string }[] = [];
  for (const session of sessions) {
    for (const { clientId, date, minutes } of deliveredBy(session, timeZone)) {
      const days = totals.get(clientId) ?? new Map<string, number>();
      days.set(date, (days.get(date) ?? 0) + minutes);
      totals.set(clientId, days);
    }
    for (const clientId of canceledParticipants(session)) makeups.push({ clientId, session, date: schoolDayOf(session, timeZone) });
  }
  return { totals, makeups };
}

const sameMakeup = (stored: MakeupItem | undefined, session: SessionItem, date: string) =>
  stored !== undefined && stored.scheduledAt === session.scheduledAt && stored.duration === session.duration && stored.date === date;

/** One pass over an account: the items written, and whether a concurrent change calls for another pass. */
async function backfillPass(accountId: string, timeZone: string): Promise<{ written: number; raced: boolean }> {
  const ledgers = await readLedgers(accountId);
  const sessions = await queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId) });
  const { totals, makeups } = recompute(timeZone, sessions);
  const writes: (() => Promise<void>)[] = [];
  for (const [clientId, ledger] of ledgers) {
    const computed = totals.get(clientId) ?? new Map<string, number>();
    for (const date of new Set([...ledger.days.keys(), ...computed.keys()])) {
      const seen = ledger.days.get(date);
      const delivered = computed.get(date) ?? 0;
      if (seen === delivered || (seen === undefined && delivered === 0)) continue;
      writes.push(() => putDay(accountId, clientId, date, delivered, seen));
    }
  }
  // A client created after its ledger was read has only sessions the ledger's own writes counted.
  for (const m of makeups.filter((m) => ledgers.has(m.clientId) && !sameMakeup(ledgers.get(m.clientId)!.makeups.get(m.session.id), m.session, m.date))) {
    const sessionUnchanged: TxItem = { ConditionCheck: { Key: keys.session(accountId, m.session.id), ...versionCondition(m.session.version) } };
    writes.push(() => transact([sessionUnchanged, makeupUpdate(accountId, m.clientId, m.session, m.date)]));
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

function putDay(accountId: string, clientId: string, date: string, delivered: number, seen: number | undefined) {
  const item: Stored<DeliveredDayItem> & { type: string } = { ...keys.deliveredDay(accountId, clientId, date), type: entity.deliveredDay, accountId, clientId, date, delivered };
  return db()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ...(seen === undefined
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: '#delivered = :seen', ExpressionAttributeNames: { '#delivered': 'delivered' }, ExpressionAttributeValues: { ':seen': seen } }),
      }),
    )
    .then(() => undefined);
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
export async function migrateMinutesLedger(log: (line: string) => void = () => undefined): Promise<number> {
  const written = await migrateEveryAccountOnce(MINUTES_LEDGER_MIGRATION, backfillMinutesLedger);
  if (written) log(`Wrote ${written} delivered-minute total(s) and make-up(s) for earlier sessions`);
  return written;
}
