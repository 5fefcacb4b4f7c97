/**
 * The periods of a client's progress notes, in one versioned item per client (keys.notePeriods):
 * every note write (generate, edit, deliver, delete) rewrites it in the note's own transaction on
 * the condition that its version is still the one read, so the one-note-per-period rules are
 * decided on the whole set and two racing writes cannot both pass them (the loser is retried from
 * the read by retryOnConflict).
 *
 * Built lazily: a client whose notes were all written before the set existed has no item; the
 * first write builds it from the client's notes and creates it on `attribute_not_exists`, so of two
 * first writes only one creates it and the other is retried against it. Notes without a set were
 * written before this code was deployed, long since on the client index, and nothing writes a note
 * without the set any more, so the build never misses one. (A backfill would have to merge with
 * these same writes under the same condition, and readers could not trust a missing item until it
 * finished; the lazy build needs neither.)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { periodsOverlap } from '@caseload/contract/reporting-periods';
import { db, queryPartition, type TxItem } from '../db.ts';
import type { NotePeriodRecord, NotePeriodsItem, ProgressNoteItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { Period } from './facts.ts';
import { listAccountNoteItems, listClientNoteItems } from './repo.ts';
import { inPool } from '../concurrency.ts';

export interface NotePeriods {
  clientId: string;
  notes: Record<string, NotePeriodRecord>;
  /** The stored version; undefined while the set has not been stored (built from the notes). */
  version?: number;
}

export const periodRecordOf = (note: ProgressNoteItem): NotePeriodRecord => ({
  noteId: note.id,
  start: note.reportingPeriodStart,
  end: note.reportingPeriodEnd,
  status: note.status ?? 'generated',
  // Before the set existed, an edit set the note's status to `updated` and nothing else did.
  edited: note.status === 'updated',
});

const fromNotes = (clientId: string, notes: readonly ProgressNoteItem[]): NotePeriods => ({
  clientId,
  notes: Object.fromEntries(notes.map((n) => [n.id, periodRecordOf(n)])),
});

/** The client's note periods, read consistently (built from its notes when not stored yet). */
export async function readNotePeriods(accountId: string, clientId: string): Promise<NotePeriods> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.notePeriods(accountId, clientId), ConsistentRead: true }));
  const item = res.Item as NotePeriodsItem | undefined;
  if (item) return { clientId, notes: item.notes, version: item.version };
  return fromNotes(clientId, await listClientNoteItems(accountId, clientId));
}

/** Clients without a stored set above which one Query of the account's notes is cheaper than one per client. */
const PER_CLIENT_BUILDS = 50;
/** Client partitions read at once when building sets client by client. */
const PARALLEL_READS = 8;

/**
 * The note periods of the given clients (the missing-notes list over the whole district): the
 * stored sets are one Query of the account partition; the clients without one (no note yet, or
 * only notes older than the sets) are built from their notes, client by client when they are few,
 * else from one Query of the account's notes.
 */
export async function readNotePeriodsOf(accountId: string, clientIds: readonly string[]): Promise<Map<string, NotePeriods>> {
  const { PK, SKPrefix } = keys.notePeriodsPrefix(accountId);
  const wanted = new Set(clientIds);
  const result = new Map<string, NotePeriods>();
  for (const s of await queryPartition<NotePeriodsItem>({ pk: PK, skPrefix: SKPrefix })) {
    if (wanted.has(s.clientId)) result.set(s.clientId, { clientId: s.clientId, notes: s.notes, version: s.version });
  }
  const unstored = clientIds.filter((id) => !result.has(id));
  if (unstored.length > PER_CLIENT_BUILDS) {
    const byClient = new Map<string, ProgressNoteItem[]>();
    for (const n of await listAccountNoteItems(accountId)) byClient.set(n.clientId, [...(byClient.get(n.clientId) ?? []), n]);
    for (const id of unstored) result.set(id, fromNotes(id, byClient.get(id) ?? []));
  } else {
    const built = await inPool(unstored, async (id) => fromNotes(id, await listClientNoteItems(accountId, id)), PARALLEL_READS);
    for (const set of built) result.set(set.clientId, set);
  }
  return result;
}

/** The set's new state as a transaction item, on the condition that it is still the one read. */
export function notePeriodsWrite(accountId: string, before: NotePeriods, notes: Record<string, NotePeriodRecord>): TxItem {
  const item: NotePeriodsItem = { accountId, clientId: before.clientId, notes, version: (before.version ?? 0) + 1 };
  return {
    Put: {
      Item: { ...keys.notePeriods(accountId, before.clientId), type: entity.notePeriods, ...item },
      ...(before.version !== undefined
        ? { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': before.version } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** The client's notes sharing at least one day with the period. */
export const notesOverlapping = (set: NotePeriods, period: Period): NotePeriodRecord[] =>
  Object.values(set.notes).filter((n) => periodsOverlap(n, period));
