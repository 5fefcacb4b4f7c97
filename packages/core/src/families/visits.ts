/**
 * Families (spec part 4 §6), the family's side: everything under a share's link token, and
 * nothing else. Unlocking with the code starts a visit (the family's own cookie for that share
 * only, visit-cookie.ts); the report, its PDF and the acknowledgement need it.
 *
 * Every rule is a condition inside the write: a wrong code raises the share's count only while it
 * is below MAX_WRONG_CODES (parallel wrong codes cannot pass it), and an unlock or acknowledgement
 * succeeds only while the share is not revoked, not expired and not ended by wrong codes.
 */
import { timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LINK_ENDED, MAX_WRONG_CODES, WRONG_CODE } from '@caseload/contract/families';
import { recordAudit } from '../audit.ts';
import { nowIso, nowSeconds } from '../clock.ts';
import { conditionFailedAt } from '../caseload/tx-errors.ts';
import { db, isConditionFailure, transact } from '../db.ts';
import { BadRequestError, HttpError, NotFoundError } from '../errors.ts';
import { newToken, sha256 } from '../ids.ts';
import { entity, familyKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import { codeHashOf, getShareItem, type FamilyShareItem } from './repo.ts';
import { parseToken, VISIT_SECONDS, type FamilyVisit } from './visit-cookie.ts';

/** A share that answers no more: revoked, expired or ended by wrong codes. */
export class LinkEndedError extends HttpError {
  constructor() {
    super(410, LINK_ENDED);
  }
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The conditions under which a share still answers (names and values for a write's condition). */
const openShare = () => ({
  condition: 'attribute_exists(PK) AND revoked = :false AND wrongCodes < :max AND expiresAt > :now',
  values: { ':false': false, ':max': MAX_WRONG_CODES, ':now': nowIso() },
});

const isOpen = (share: FamilyShareItem) => !share.revoked && share.wrongCodes < MAX_WRONG_CODES && share.expiresAt > nowIso();

/** The share a token names, when its secret is the one stored; 404 for any other token. */
async function shareOfToken(token: string): Promise<{ share: FamilyShareItem; secret: string }> {
  const { accountId, shareId, secret } = parseToken(token);
  const share = await getShareItem(accountId, shareId);
  if (!share || !sameHash(share.tokenHash, sha256(secret))) throw new NotFoundError('Link');
  return { share, secret };
}

const audit = (share: FamilyShareItem, action: string, summary: string) =>
  recordAudit(share.accountId, { action, actorName: 'Family', entityType: 'progress_note', entityId: share.noteId, summary });

/**
 * Checks the code: right, a visit starts (its cookie value and lifetime are answered); wrong,
 * 400, and the fifth wrong code ends the share (410). A right code does not reset the count.
 */
export async function unlockShare(token: string, code: string): Promise<{ cookieValue: string; maxAge: number }> {
  const { share, secret } = await shareOfToken(token);
  if (!isOpen(share)) throw new LinkEndedError();
  const open = openShare();
  if (!sameHash(share.codeHash, codeHashOf(secret, code))) {
    let wrongCodes: number;
    try {
      const res = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: familyKeys.familyShare(share.accountId, share.id),
          UpdateExpression: 'ADD wrongCodes :one',
          ConditionExpression: open.condition,
          ExpressionAttributeValues: { ...open.values, ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      wrongCodes = (res.Attributes as { wrongCodes: number }).wrongCodes;
    } catch (e) {
      if (isConditionFailure(e)) throw new LinkEndedError();
      throw e;
    }
    await audit(share, 'family_share.wrong_code', 'A wrong code was entered on a family link');
    if (wrongCodes >= MAX_WRONG_CODES) throw new LinkEndedError();
    throw new BadRequestError(WRONG_CODE);
  }
  const visitToken = newToken();
  const at = nowIso();
  try {
    await transact([
      {
        Update: {
          Key: familyKeys.familyShare(share.accountId, share.id),
          UpdateExpression: 'SET viewedAt = if_not_exists(viewedAt, :at)',
          ConditionExpression: open.condition,
          ExpressionAttributeValues: { ...open.values, ':at': at },
        },
      },
      {
        Put: {
          Item: {
            ...familyKeys.familyVisit(share.accountId, sha256(visitToken)),
            type: entity.familyVisit,
            accountId: share.accountId,
            shareId: share.id,
            expiresAt: nowSeconds() + VISIT_SECONDS,
            ttl: nowSeconds() + VISIT_SECONDS,
          },
        },
      },
    ]);
  } catch (e) {
    if (conditionFailedAt(e, 0)) throw new LinkEndedError();
    throw e;
  }
  await audit(share, 'family_share.unlock', 'A family opened a shared progress report');
  return { cookieValue: visitToken, maxAge: VISIT_SECONDS };
}

/** The visited share while it still answers (410 otherwise). */
export async function openVisitedShare(visit: FamilyVisit): Promise<FamilyShareItem> {
  const share = await getShareItem(visit.accountId, visit.shareId);
  if (!share || !isOpen(share)) throw new LinkEndedError();
  return share;
}

/** 'I have received this report' with the typed name, recorded with the time (the first one stays). */
export async function acknowledgeShare(visit: FamilyVisit, name: string): Promise<{ acknowledgedAt: string; acknowledgedBy: string }> {
  const share = await openVisitedShare(visit);
  const open = openShare();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: familyKeys.familyShare(share.accountId, share.id),
        UpdateExpression: 'SET acknowledgedAt = if_not_exists(acknowledgedAt, :at), acknowledgedBy = if_not_exists(acknowledgedBy, :name)',
        ConditionExpression: open.condition,
        ExpressionAttributeValues: { ...open.values, ':at': nowIso(), ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const stored = res.Attributes as FamilyShareItem;
    await audit(share, 'family_share.acknowledge', 'A family acknowledged a shared progress report');
    return { acknowledgedAt: stored.acknowledgedAt!, acknowledgedBy: stored.acknowledgedBy! };
  } catch (e) {
    if (isConditionFailure(e)) throw new LinkEndedError();
    throw e;
  }
}
