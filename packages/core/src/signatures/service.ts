/**
 * Signing a client's documentation of a session, co-signing an assistant's signature, and dated,
 * signed addenda. Each is one conditional write on the NOTE item of (session, client), so two
 * signers, two co-signers, or a signature and a save racing each other are decided by DynamoDB,
 * never by a read before the write. Every one is audited with ids only.
 */
import {
  ALREADY_COSIGNED,
  ALREADY_SIGNED,
  COSIGN_NOT_NEEDED,
  COSIGN_OWN_NOTE,
  COSIGN_SLP_ONLY,
  NOT_SIGNED,
} from '@caseload/contract/signatures';
import type { SessionNote } from '@caseload/contract/sessions';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure, transact } from '../db.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError } from '../errors.ts';
import type { AddendumEntry, SessionItem, SessionNoteItem, SignatureEntry } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { retryOnConflict } from '../sessions/conflicts.ts';
import { toSessionNote } from '../sessions/documentation.ts';
import { getItem, readSession } from '../sessions/repo.ts';
import { actorName } from '../sessions/service.ts';
import { findVisibleClient, requireVisible } from '../sessions/view.ts';
import { tableName } from '../table.ts';
import { failedConditionAt } from './lock.ts';

export const ADDENDA_FULL = 'This session note cannot hold more addenda';

const signatureOf = (auth: AuthContext): SignatureEntry => ({ userId: auth.userId, name: actorName(auth), role: auth.role, at: nowIso() });

function auditNote(auth: AuthContext, action: 'signed' | 'cosigned' | 'addendum', sessionId: string, clientId: string) {
  const what = { signed: 'Signed', cosigned: 'Co-signed', addendum: 'Added an addendum to' }[action];
  return recordAudit(auth.accountId, {
    action: `session_note.${action}`,
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'session_note',
    entityId: sessionId,
    summary: `${what} the session note of client ${clientId}`,
  });
}

/** The session, when the user may see it and the client is a participant the user may see; else 404. */
async function requireParticipant(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionItem> {
  const [stored, client] = await Promise.all([readSession(auth.accountId, sessionId), findVisibleClient(auth, clientId)]);
  const session = requireVisible(auth, stored);
  if (!client || !session.participants[clientId]) throw new NotFoundError('Participant');
  return session;
}

/**
 * Signs the client's documentation of the session: records signer id, name, role and time on the
 * NOTE item (created with empty notes when none was saved), conditioned on no signature yet, in one
 * transaction with the session's record of it (`signedClientIds`, `documented`, a version bump, on
 * the condition that the client is still a participant). The version bump makes a session edit or
 * delete that read the session before lose its race and read it again, so its refusal of signed
 * participants is exact. A note signed by an assistant enters the account's co-signature index.
 */
export async function signSessionNote(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionNote> {
  const key = keys.sessionNote(auth.accountId, sessionId, clientId);
  await retryOnConflict(async () => {
    const [, note] = await Promise.all([requireParticipant(auth, sessionId, clientId), getItem<SessionNoteItem>(key)]);
    if (note?.signature) throw new ConflictError(ALREADY_SIGNED);
    const signature = signatureOf(auth);
    const awaitsCosignature = signature.role === 'assistant';
    const index = awaitsCosignature ? keys.awaitingCosignatureIndex(auth.accountId, signature.at, sessionId, clientId) : undefined;
    await transact([
      {
        Update: {
          Key: key,
          // Whatever was saved stays as it is: the signature seals the row as the last save left it.
          UpdateExpression:
            'SET #signature = :signature, #notes = if_not_exists(#notes, :empty), #updatedAt = if_not_exists(#updatedAt, :at), ' +
            '#accountId = :accountId, #sessionId = :sessionId, #clientId = :clientId, #type = :type' +
            (index ? ', GSI1PK = :gsi1pk, GSI1SK = :gsi1sk' : ''),
          ConditionExpression: 'attribute_not_exists(#signature)',
          ExpressionAttributeNames: {
            '#signature': 'signature',
            '#notes': 'notes',
            '#updatedAt': 'updatedAt',
            '#accountId': 'accountId',
            '#sessionId': 'sessionId',
            '#clientId': 'clientId',
            '#type': 'type',
          },
          ExpressionAttributeValues: {
            ':signature': signature,
            ':empty': '',
            ':at': signature.at,
            ':accountId': auth.accountId,
            ':sessionId': sessionId,
            ':clientId': clientId,
            ':type': entity.sessionNote,
            ...(index ? { ':gsi1pk': index.GSI1PK, ':gsi1sk': index.GSI1SK } : {}),
          },
        },
      },
      {
        Update: {
          Key: keys.session(auth.accountId, sessionId),
          UpdateExpression: 'SET #documented = :true ADD #signed :client, #version :one',
          ConditionExpression: 'attribute_exists(#p.#c)',
          ExpressionAttributeNames: { '#documented': 'documented', '#signed': 'signedClientIds', '#version': 'version', '#p': 'participants', '#c': clientId },
          ExpressionAttributeValues: { ':true': true, ':client': new Set([clientId]), ':one': 1 },
        },
      },
    ]).catch((e: unknown) => {
      if (failedConditionAt(e, 0)) throw new ConflictError(ALREADY_SIGNED);
      if (failedConditionAt(e, 1)) throw new NotFoundError('Participant');
      throw e;
    });
  });
  await auditNote(auth, 'signed', sessionId, clientId);
  return toSessionNote((await getItem<SessionNoteItem>(key))!);
}

/** Why a co-signature was refused, from the note as it is now (undefined: it changed meanwhile, try again). */
function cosignRefusal(auth: AuthContext, note: SessionNoteItem | undefined) {
  if (!note?.signature) return new BadRequestError(NOT_SIGNED);
  if (note.signature.role !== 'assistant') return new BadRequestError(COSIGN_NOT_NEEDED);
  if (note.signature.userId === auth.userId) return new ForbiddenError(COSIGN_OWN_NOTE);
  if (note.cosignature) return new ConflictError(ALREADY_COSIGNED);
  return undefined;
}

/**
 * Co-signs a note an assistant signed: only a user with role `slp`, never on a note the caller
 * signed, once. One Update whose condition holds all three rules; after a refusal the note is read
 * again to tell the reason. The note leaves the co-signature index in the same write.
 */
export async function cosignSessionNote(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionNote> {
  if (auth.role !== 'slp') throw new ForbiddenError(COSIGN_SLP_ONLY);
  await requireParticipant(auth, sessionId, clientId);
  const key = keys.sessionNote(auth.accountId, sessionId, clientId);
  const written = await retryOnConflict(async () => {
    try {
      const res = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #cosignature = :cosignature REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#signature.#role = :assistant AND #signature.#userId <> :me AND attribute_not_exists(#cosignature)',
          ExpressionAttributeNames: { '#signature': 'signature', '#cosignature': 'cosignature', '#role': 'role', '#userId': 'userId' },
          ExpressionAttributeValues: { ':cosignature': signatureOf(auth), ':assistant': 'assistant', ':me': auth.userId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return res.Attributes as SessionNoteItem;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      throw cosignRefusal(auth, await getItem<SessionNoteItem>(key)) ?? e;
    }
  });
  await auditNote(auth, 'cosigned', sessionId, clientId);
  return toSessionNote(written);
}

/** DynamoDB's refusal of an item grown past 400 KB. */
const isItemTooLarge = (e: unknown) => (e as Error)?.name === 'ValidationException' && /item size/i.test((e as Error).message);

/**
 * Appends a dated, signed addendum to a signed note (400 when it is not signed), in one Update
 * conditioned on the signature. The text is plain text (the contract refuses control characters;
 * it is never rendered as markup).
 */
export async function addSessionAddendum(auth: AuthContext, sessionId: string, input: { clientId: string; text: string }): Promise<SessionNote> {
  await requireParticipant(auth, sessionId, input.clientId);
  const { userId, name, at } = signatureOf(auth);
  const entry: AddendumEntry = { text: input.text, userId, name, at };
  let written: SessionNoteItem;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sessionNote(auth.accountId, sessionId, input.clientId),
        UpdateExpression: 'SET #addenda = list_append(if_not_exists(#addenda, :none), :entry)',
        ConditionExpression: 'attribute_exists(#signature)',
        ExpressionAttributeNames: { '#addenda': 'addenda', '#signature': 'signature' },
        ExpressionAttributeValues: { ':none': [], ':entry': [entry] },
        ReturnValues: 'ALL_NEW',
      }),
    );
    written = res.Attributes as SessionNoteItem;
  } catch (e) {
    if (isConditionFailure(e)) throw new BadRequestError(NOT_SIGNED);
    if (isItemTooLarge(e)) throw new PayloadTooLargeError(ADDENDA_FULL);
    throw e;
  }
  await auditNote(auth, 'addendum', sessionId, input.clientId);
  return toSessionNote(written);
}
