/**
 * Progress-note storage. Every write of a note goes in one transaction with its client's note
 * periods (note-periods.ts) under that set's version, so the one-note-per-period rules hold.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, type TxItem } from '../db.ts';
import type { ProgressNoteItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';

export async function getNoteItem(accountId: string, noteId: string): Promise<ProgressNoteItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.progressNote(accountId, noteId), ConsistentRead: true }));
  return res.Item as ProgressNoteItem | undefined;
}

/** Writes the note whole (a new one, or the period's note regenerated under its own id). */
/**
 * Writes a note whole. `readAt` (the `updatedAt` of the note this one was made from) makes the
 * write conditional on nobody having changed the note since it was read: an edit and a delivery
 * racing each other then cannot write a note made from a stale copy (the loser retries from the read).
 */
export const putNoteItem = (note: ProgressNoteItem, readAt?: string): TxItem => ({
  Put: {
    Item: { ...keys.progressNote(note.accountId, note.id), ...keys.progressNoteIndex(note.accountId, note.clientId, note.createdAt, note.id), type: entity.progressNote, ...note },
    ...(readAt === undefined ? {} : { ConditionExpression: '#updatedAt = :readAt', ExpressionAttributeNames: { '#updatedAt': 'updatedAt' }, ExpressionAttributeValues: { ':readAt': readAt } }),
  },
});

/**
 * Deletes a note, and the period guard that notes written before the note-period sets carried
 * (deleting an absent item is a no-op), so no stale guard outlives its note.
 */
export const deleteNoteItems = (note: Pick<ProgressNoteItem, 'accountId' | 'clientId' | 'id' | 'reportingPeriodStart' | 'reportingPeriodEnd'>): TxItem[] => [
  // Never a delivered note (part 4 §1.4), whatever the caller read: a delivery committed since fails this.
  {
    Delete: {
      Key: keys.progressNote(note.accountId, note.id),
      ConditionExpression: 'attribute_exists(PK) AND #status <> :delivered',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':delivered': 'delivered' },
    },
  },
  { Delete: { Key: keys.progressNotePeriod(note.accountId, note.clientId, note.reportingPeriodStart, note.reportingPeriodEnd) } },
];

/** A client's notes, newest first. */
export function listClientNoteItems(accountId: string, clientId: string): Promise<ProgressNoteItem[]> {
  return queryPartition<ProgressNoteItem>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: sortKeys.progressNotes(), forward: false });
}

/** All of an account's notes, newest first. */
export function listAccountNoteItems(accountId: string): Promise<ProgressNoteItem[]> {
  return queryPartition<ProgressNoteItem>({ index: 'GSI2', pk: keys.notesByTime(accountId), forward: false });
}
