/**
 * Families (spec part 4 §6), the clinician's side: sharing a delivered progress note with the
 * student's family, listing a note's shares and revoking one.
 *
 * A share is a link valid SHARE_DAYS and a 6-digit code shown once. The link's token is
 * `<accountId>_<shareId>_<secret>` (contract familyToken): the ids say where the share is stored,
 * the 128-bit secret is what cannot be guessed, and only its hash is stored. The code is stored as
 * the hash of the secret and the code together, so a copy of the table alone cannot try the
 * million codes: that needs the link, which is never stored.
 */
import { randomInt } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { familyPagePath, NOTE_NOT_DELIVERED, SHARE_DAYS, type ReportLanguage, type Share } from '@caseload/contract/families';
import { recordAudit } from '../audit.ts';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure, queryPartition } from '../db.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { newId, newToken, sha256 } from '../ids.ts';
import { entity, familyKeys } from '../keys.ts';
import { actorOf, getVisibleNote } from '../notes/service.ts';
import { tableName } from '../table.ts';
import { codeHashOf, toShare, type FamilyShareItem } from './repo.ts';
import { reviewedTranslationOf } from './translations.ts';
import { linkToken } from './visit-cookie.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Shares a delivered note the caller may see, in `language` (the client's home language by
 * default, else English): the link (on `origin`, the site's) and the code, answered this once.
 */
export async function createShare(auth: AuthContext, noteId: string, requested: ReportLanguage | undefined, origin: string) {
  const { note, client } = await getVisibleNote(auth, noteId);
  if (note.status !== 'delivered') throw new ConflictError(NOTE_NOT_DELIVERED);
  const language = requested ?? client.homeLanguage ?? 'en';
  // A share in another language shows the note's reviewed translation (part 4 §6).
  if (language !== 'en') await reviewedTranslationOf(auth.accountId, noteId, language);
  const id = newId();
  const secret = newToken();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = linkToken(auth.accountId, id, secret);
  const createdAt = nowIso();
  const item: FamilyShareItem = {
    accountId: auth.accountId,
    id,
    noteId,
    clientId: note.clientId,
    language,
    tokenHash: sha256(secret),
    codeHash: codeHashOf(secret, code),
    createdAt,
    createdBy: auth.userId,
    expiresAt: new Date(now().getTime() + SHARE_DAYS * DAY_MS).toISOString(),
    wrongCodes: 0,
    revoked: false,
  };
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: familyKeys.familyShare(auth.accountId, id),
      UpdateExpression:
        'SET #type = :type, GSI1PK = :gsi1pk, GSI1SK = :gsi1sk, accountId = :accountId, id = :id, noteId = :noteId, clientId = :clientId, #language = :language, tokenHash = :tokenHash, codeHash = :codeHash, createdAt = :createdAt, createdBy = :createdBy, expiresAt = :expiresAt, wrongCodes = :zero, revoked = :false',
      ConditionExpression: 'attribute_not_exists(PK)',
      ExpressionAttributeNames: { '#type': 'type', '#language': 'language' },
      ExpressionAttributeValues: {
        ':type': entity.familyShare,
        ':gsi1pk': familyKeys.familyShareIndex(auth.accountId, noteId, createdAt, id).GSI1PK,
        ':gsi1sk': familyKeys.familyShareIndex(auth.accountId, noteId, createdAt, id).GSI1SK,
        ':accountId': item.accountId,
        ':id': id,
        ':noteId': noteId,
        ':clientId': item.clientId,
        ':language': language,
        ':tokenHash': item.tokenHash,
        ':codeHash': item.codeHash,
        ':createdAt': createdAt,
        ':createdBy': item.createdBy,
        ':expiresAt': item.expiresAt,
        ':zero': 0,
        ':false': false,
      },
    }),
  );
  const actor = actorOf(auth);
  await recordAudit(auth.accountId, { action: 'family_share.create', actorId: actor.userId, actorName: actor.actorName, entityType: 'progress_note', entityId: noteId, summary: `${actor.actorName} shared a progress note with a family` });
  return { id, url: `${origin}${familyPagePath(token)}`, code, expiresAt: item.expiresAt };
}

/** A note's shares, oldest first. */
export async function listShares(auth: AuthContext, noteId: string): Promise<Share[]> {
  await getVisibleNote(auth, noteId);
  const items = await queryPartition<FamilyShareItem>({ index: 'GSI1', pk: familyKeys.familySharesOfNote(auth.accountId, noteId) });
  return items.map(toShare);
}

/** Ends a share at once: its link and any unlocked visit answer 410 from now on. */
export async function revokeShare(auth: AuthContext, noteId: string, shareId: string): Promise<Share> {
  await getVisibleNote(auth, noteId);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: familyKeys.familyShare(auth.accountId, shareId),
        UpdateExpression: 'SET revoked = :true, revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(PK) AND noteId = :noteId',
        ExpressionAttributeValues: { ':true': true, ':now': nowIso(), ':noteId': noteId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const actor = actorOf(auth);
    await recordAudit(auth.accountId, { action: 'family_share.revoke', actorId: actor.userId, actorName: actor.actorName, entityType: 'progress_note', entityId: noteId, summary: `${actor.actorName} revoked a family's link to a progress note` });
    return toShare(res.Attributes as FamilyShareItem);
  } catch (e) {
    if (isConditionFailure(e)) throw new NotFoundError('Share');
    throw e;
  }
}
