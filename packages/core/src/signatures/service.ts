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
  NO_SUPERVISOR,
  NOT_COMPLETED,
  NOT_SIGNED,
  PROVIDER_ONLY,
  SUPERVISOR_ONLY,
} from '@caseload/contract/signatures';
import type { SessionNote } from '@caseload/contract/sessions';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getUser } from '../auth/users-repo.ts';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure, transact, type TxItem } from '../db.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError } from '../errors.ts';
import type { AddendumEntry, SessionItem, SessionNoteItem, SignatureEntry } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { toSessionNote } from '../sessions/documentation.ts';
import { providerOf } from '../sessions/provider.ts';
import { getItem } from '../db/get-item.ts';
import { readSession } from '../sessions/repo.ts';
import { actorName } from '../people/actor-name.ts';
import { findVisibleClient, requireVisible } from '../sessions/view.ts';
import { refreshGoalsAtRisk } from '../monitoring/summary.ts';
import { refreshCosignReminders } from '../notifications/refresh.ts';
import { tableName } from '../table.ts';
import { loadServiceFacts } from './facts.ts';
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
    clientId,
    summary: `${what} the session note`,
  });
}

/** The session, when the user may see it and the client is a participant the user may see; else 404. */
async function requireParticipant(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionItem> {
  const [stored, client] = await Promise.all([readSession(auth.accountId, sessionId), findVisibleClient(auth, clientId)]);
  const session = requireVisible(auth, stored);
  if (!client || !session.participants[clientId]) throw new NotFoundError('Participant');
  return session;
}

/** Roles that provide sessions and so sign their notes (an admin's name on a session signs nothing). */
const SIGNING_ROLES: readonly string[] = ['slp', 'assistant'];

/**
 * Why the caller may not sign this session's notes (part 4 §1.4), or undefined when it may: only
 * the session's provider, with role `slp` or `assistant` (403, decided first), and only once the
 * session is `completed` and its start is not in the future (409).
 */
function signingRefusal(auth: AuthContext, session: SessionItem, at: string) {
  if (providerOf(session) !== auth.userId || !SIGNING_ROLES.includes(auth.role)) return new ForbiddenError(PROVIDER_ONLY);
  if (session.status !== 'completed' || session.scheduledAt > at) return new ConflictError(NOT_COMPLETED);
  return undefined;
}

/**
 * The session's side of a signature, as conditions of the signature's own write: the client is
 * still a participant, and the session is still the caller's (its provider, or for a session from
 * before providers its creator), completed and begun. So an edit committed between the read and
 * the signature (a new provider, the status set back, the session moved ahead) cancels it.
 */
function signableSessionCondition(auth: AuthContext, clientId: string, at: string) {
  return {
    ConditionExpression:
      'attribute_exists(#p.#c) AND #status = :completed AND #scheduledAt <= :now AND ' +
      '(#providerId = :me OR (attribute_not_exists(#providerId) AND #createdBy = :me))',
    ExpressionAttributeNames: { '#p': 'participants', '#c': clientId, '#status': 'status', '#scheduledAt': 'scheduledAt', '#providerId': 'providerId', '#createdBy': 'createdBy' },
    ExpressionAttributeValues: { ':completed': 'completed', ':now': at, ':me': auth.userId },
  };
}

/**
 * Signs the client's documentation of the session: records signer id, name, role and time on the
 * NOTE item (created with empty notes when none was saved), conditioned on no signature yet, in one
 * transaction with the session's record of it (`signedClientIds`, `documented`, a version bump, on
 * the conditions of `signableSessionCondition`). Refusals: 404, then 403 (not the provider), then
 * 409 (not completed or still ahead), then 409 (already signed). The version bump makes a session
 * edit or delete that read the session before lose its race and read it again, so its refusal of
 * signed participants is exact. A note signed by an assistant enters the account's co-signature index.
 * The signature carries the service facts as read (facts.ts); the transaction is conditioned on the
 * session's version and the progress rows' `updatedAt`, so the copy is of what was signed.
 */
export async function signSessionNote(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionNote> {
  const key = keys.sessionNote(auth.accountId, sessionId, clientId);
  await retryOnConflict(async () => {
    const session = await requireParticipant(auth, sessionId, clientId);
    const { facts, note, progressRows } = await loadServiceFacts(auth.accountId, session, clientId);
    // The signer is the session's provider (signingRefusal), so the provider's part is the signer's.
    const signature: SignatureEntry = { ...signatureOf(auth), facts: { ...facts, providerId: auth.userId, provider: actorName(auth), providerRole: auth.role } };
    const refusal = signingRefusal(auth, session, signature.at);
    if (refusal) throw refusal;
    if (note?.signature) throw new ConflictError(ALREADY_SIGNED);
    const awaitsCosignature = signature.role === 'assistant';
    const index = awaitsCosignature ? keys.awaitingCosignatureIndex(auth.accountId, signature.at, sessionId, clientId) : undefined;
    const sessionCondition = signableSessionCondition(auth, clientId, signature.at);
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
          // The facts copy the session as read: any session write since (it bumps the version) fails this.
          ...sessionCondition,
          ConditionExpression: `${sessionCondition.ConditionExpression} AND ${session.version === undefined ? 'attribute_not_exists(#version)' : '#version = :version'}`,
          ExpressionAttributeNames: { ...sessionCondition.ExpressionAttributeNames, '#documented': 'documented', '#signed': 'signedClientIds', '#version': 'version' },
          ExpressionAttributeValues: {
            ...sessionCondition.ExpressionAttributeValues,
            ':true': true,
            ':client': new Set([clientId]),
            ':one': 1,
            ...(session.version === undefined ? {} : { ':version': session.version }),
          },
        },
      },
      // The facts copy these progress rows as read: a save of one since fails its condition. Each
      // row is closed to the saves that skip the transaction (sessions/documentation.ts). A row for
      // another goal created in between bumped the session's version, which fails the Update above.
      ...progressRows.map(
        (row): TxItem => ({
          Update: {
            Key: keys.progress(auth.accountId, sessionId, row.goalId),
            UpdateExpression: 'REMOVE #openForSaves',
            ConditionExpression: '#updatedAt = :updatedAt',
            ExpressionAttributeNames: { '#updatedAt': 'updatedAt', '#openForSaves': 'openForSaves' },
            ExpressionAttributeValues: { ':updatedAt': row.updatedAt },
          },
        }),
      ),
    ]).catch(async (e: unknown) => {
      if (failedConditionAt(e, 0)) throw new ConflictError(ALREADY_SIGNED);
      // A progress row saved since the read: retryOnConflict reads again and copies it.
      if (!failedConditionAt(e, 1)) throw e;
      // The session changed since it was read: tell why from the session as it is now.
      const current = await readSession(auth.accountId, sessionId);
      if (!current?.participants[clientId]) throw new NotFoundError('Participant');
      throw signingRefusal(auth, current, signature.at) ?? e;
    });
  });
  await auditNote(auth, 'signed', sessionId, clientId);
  // A signed note closes the session's data for this student: the moment the dashboard's 'Goals at
  // risk' takes it in (a trial save, one tap, stays two requests and leaves the count to this).
  await refreshGoalsAtRisk(auth.accountId, clientId);
  return toSessionNote((await getItem<SessionNoteItem>(key))!);
}

/** Why a co-signature was refused by the note itself (undefined: nothing in the note refuses it). */
function cosignRefusal(auth: AuthContext, note: SessionNoteItem | undefined) {
  if (!note?.signature) return new BadRequestError(NOT_SIGNED);
  if (note.signature.role !== 'assistant') return new BadRequestError(COSIGN_NOT_NEEDED);
  if (note.signature.userId === auth.userId) return new ForbiddenError(COSIGN_OWN_NOTE);
  if (note.cosignature) return new ConflictError(ALREADY_COSIGNED);
  return undefined;
}

/** Why the caller may not co-sign for this assistant, from its supervisors as they are now. */
function supervisorRefusal(auth: AuthContext, supervisorIds: readonly string[] | undefined) {
  if (!supervisorIds?.length) return new ConflictError(NO_SUPERVISOR);
  if (auth.role !== 'slp' || !supervisorIds.includes(auth.userId)) return new ForbiddenError(SUPERVISOR_ONLY);
  return undefined;
}

/**
 * Co-signs a note an assistant signed: only one of that assistant's supervising SLPs at this moment
 * (part 4 §1.4), never on a note the caller signed, once. One transaction: the NOTE item's Update
 * holds the note's rules (signed by this assistant, not by the caller, not yet co-signed) and a
 * ConditionCheck on the assistant's user item holds `contains(supervisorIds, me)`, so a supervisor
 * removed a moment before cannot co-sign. Refusals are told from reads before the write and, after
 * a lost race, from the note or the assistant read again. The note leaves the co-signature index in
 * the same write.
 */
export async function cosignSessionNote(auth: AuthContext, sessionId: string, clientId: string): Promise<SessionNote> {
  const key = keys.sessionNote(auth.accountId, sessionId, clientId);
  await retryOnConflict(async () => {
    const [, note] = await Promise.all([requireParticipant(auth, sessionId, clientId), getItem<SessionNoteItem>(key)]);
    const noteRefusal = cosignRefusal(auth, note);
    if (noteRefusal) throw noteRefusal;
    const signerId = note!.signature!.userId;
    const signer = await getUser(auth.accountId, signerId);
    const refusal = supervisorRefusal(auth, signer?.supervisorIds);
    if (refusal) throw refusal;
    await transact([
      {
        Update: {
          Key: key,
          UpdateExpression: 'SET #cosignature = :cosignature REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#signature.#role = :assistant AND #signature.#userId = :signer AND attribute_not_exists(#cosignature)',
          ExpressionAttributeNames: { '#signature': 'signature', '#cosignature': 'cosignature', '#role': 'role', '#userId': 'userId' },
          ExpressionAttributeValues: { ':cosignature': signatureOf(auth), ':assistant': 'assistant', ':signer': signerId },
        },
      },
      {
        ConditionCheck: {
          Key: keys.user(auth.accountId, signerId),
          ConditionExpression: 'contains(#supervisors, :me)',
          ExpressionAttributeNames: { '#supervisors': 'supervisorIds' },
          ExpressionAttributeValues: { ':me': auth.userId },
        },
      },
    ]).catch(async (e: unknown) => {
      if (failedConditionAt(e, 0)) throw cosignRefusal(auth, await getItem<SessionNoteItem>(key)) ?? e;
      if (failedConditionAt(e, 1)) throw supervisorRefusal(auth, (await getUser(auth.accountId, signerId))?.supervisorIds) ?? e;
      throw e;
    });
  });
  await auditNote(auth, 'cosigned', sessionId, clientId);
  const cosigned = (await getItem<SessionNoteItem>(key))!;
  // Part 4 §8: the supervisors' co-signature reminders of this student go once none is waiting.
  await refreshCosignReminders(auth.accountId, cosigned.signature!.userId);
  return toSessionNote(cosigned);
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
