/**
 * The lock of a signed note. A client's documentation of a session (its note, progress and trials)
 * is locked once the NOTE item of (session, client) carries a `signature`. The lock is a condition
 * inside each save's own write, never a read before it: a note save's Put is conditioned on the
 * signature's absence, and a progress (or trials) save carries a ConditionCheck on the NOTE item in
 * its transaction. So a signature committed a moment before a save makes the save fail (409), and a
 * save committed a moment before a signature is inside the signed note.
 */
import { SIGNED_NOTE } from '@caseload/contract/signatures';
import type { TxItem } from '../db.ts';
import { ConflictError } from '../errors.ts';
import { keys } from '../keys.ts';

/** Conditions a Put of the NOTE item on the note not being signed (true when the row does not exist yet). */
export const unsignedNoteCondition = {
  ConditionExpression: 'attribute_not_exists(#signature)',
  ExpressionAttributeNames: { '#signature': 'signature' },
} as const;

/** The check a save of the client's other documentation (progress, trials) carries in its transaction. */
export function unsignedNoteCheck(accountId: string, sessionId: string, clientId: string): TxItem {
  return { ConditionCheck: { Key: keys.sessionNote(accountId, sessionId, clientId), ...unsignedNoteCondition } };
}

interface Cancelled {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

/** Whether a transaction was cancelled by the condition of its item at `index`. */
export function failedConditionAt(error: unknown, index: number): boolean {
  const e = error as Cancelled;
  return e?.name === 'TransactionCanceledException' && e.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}

export const signedNoteRefusal = () => new ConflictError(SIGNED_NOTE);
