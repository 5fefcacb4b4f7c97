/**
 * Progress-note storage. "One note per client and period" is held by a guard item naming the
 * period's note; the note and its guard are always written (and deleted) in one transaction.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, transact, type TxItem } from '../db.ts';
import type { ProgressNoteItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { Period } from './facts.ts';

/** The period's guard moved between reading it and writing: the caller reads it again. */
export class PeriodGuardMovedError extends Error {
  constructor() {
    super('The period guard changed');
    this.name = 'PeriodGuardMovedError';
  }
}

interface PeriodGuardItem {
  noteId: string;
}

const guardKey = (accountId: string, clientId: string, period: Period) => keys.progressNotePeriod(accountId, clientId, period.start, period.end);
const periodOf = (note: ProgressNoteItem): Period => ({ start: note.reportingPeriodStart, end: note.reportingPeriodEnd });

const isConditionFailure = (e: unknown) =>
  (e as Error).name === 'TransactionCanceledException' &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed');

export async function getNoteItem(accountId: string, noteId: string): Promise<ProgressNoteItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.progressNote(accountId, noteId), ConsistentRead: true }));
  return res.Item as ProgressNoteItem | undefined;
}

/** The id of the note holding this client's period, if any. */
export async function periodNoteId(accountId: string, clientId: string, period: Period): Promise<string | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: guardKey(accountId, clientId, period), ConsistentRead: true }));
  return (res.Item as PeriodGuardItem | undefined)?.noteId;
}

/**
 * Writes a new note as the holder of its period. `replacing` is the note the guard named when it
 * was read (deleted in the same transaction); if the guard names anything else by now, nothing is
 * written and PeriodGuardMovedError is thrown.
 */
export async function storeNote(note: ProgressNoteItem, replacing: string | undefined): Promise<void> {
  const { accountId, clientId } = note;
  const items: TxItem[] = [
    {
      Put: {
        Item: { ...keys.progressNote(accountId, note.id), ...keys.progressNoteIndex(accountId, clientId, note.createdAt, note.id), type: entity.progressNote, ...note },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        Item: { ...guardKey(accountId, clientId, periodOf(note)), type: entity.progressNotePeriod, accountId, clientId, noteId: note.id, createdAt: note.createdAt },
        ...(replacing
          ? { ConditionExpression: 'noteId = :previous', ExpressionAttributeValues: { ':previous': replacing } }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
  ];
  if (replacing) items.push({ Delete: { Key: keys.progressNote(accountId, replacing) } });
  try {
    await transact(items);
  } catch (e) {
    if (isConditionFailure(e)) throw new PeriodGuardMovedError();
    throw e;
  }
}

/** Deletes a note, and its period guard when the guard names it. */
export async function deleteNoteItem(note: ProgressNoteItem): Promise<void> {
  const { accountId, clientId } = note;
  const holdsPeriod = (await periodNoteId(accountId, clientId, periodOf(note))) === note.id;
  const items: TxItem[] = [{ Delete: { Key: keys.progressNote(accountId, note.id), ConditionExpression: 'attribute_exists(PK)' } }];
  if (holdsPeriod) {
    items.push({
      Delete: { Key: guardKey(accountId, clientId, periodOf(note)), ConditionExpression: 'noteId = :id', ExpressionAttributeValues: { ':id': note.id } },
    });
  }
  await transact(items);
}

export async function updateNoteContent(accountId: string, noteId: string, content: string, userId: string, at: string): Promise<ProgressNoteItem> {
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.progressNote(accountId, noteId),
      UpdateExpression: 'SET content = :content, #status = :status, updatedAt = :at, updatedBy = :by',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':content': content, ':status': 'updated', ':at': at, ':by': userId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return res.Attributes as ProgressNoteItem;
}

/** A client's notes, newest first. */
export function listClientNoteItems(accountId: string, clientId: string): Promise<ProgressNoteItem[]> {
  return queryPartition<ProgressNoteItem>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: sortKeys.progressNotes(), forward: false });
}

/** All of an account's notes, newest first. */
export function listAccountNoteItems(accountId: string): Promise<ProgressNoteItem[]> {
  return queryPartition<ProgressNoteItem>({ index: 'GSI2', pk: keys.notesByTime(accountId), forward: false });
}
