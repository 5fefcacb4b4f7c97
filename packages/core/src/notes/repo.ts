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
export const putNoteItem = (note: ProgressNoteItem): TxItem => ({
  Put: {
    Item: { ...keys.progressNote(note.accountId, note.id), ...keys.progressNoteIndex(note.accountId, note.clientId, note.createdAt, note.id), type: entity.progressNote, ...note },
  },
});

/**
 * Deletes a note, and the period guard that notes written before the note-period sets carried
 * (deleting an absent item is a no-op), so no stale guard outlives its note.
 */
export const deleteNoteItems = (note: Pick<ProgressNoteItem, 'accountId' | 'clientId' | 'id' | 'reportingPeriodStart' | 'reportingPeriodEnd'>): TxItem[] => [
  { Delete: { Key: keys.progressNote(note.accountId, note.id), ConditionExpression: 'attribute_exists(PK)' } },
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
