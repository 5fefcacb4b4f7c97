/**
 * The family's cookie (part 4 §6): proof that this browser entered the code of one share. Read
 * by the pipeline on the family routes and nowhere else; its path is the share's own routes, so
 * a browser sends it nowhere else either. A value is a random token stored only as a hash, in its
 * own key kind (never a login session), so it is no sign-in anywhere.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../clock.ts';
import { db } from '../db.ts';
import { sha256 } from '../ids.ts';
import { familyKeys } from '../keys.ts';
import { tableName } from '../table.ts';

export const FAMILY_COOKIE = 'caseload_family';
export const familyCookiePath = (token: string) => `/api/family/${token}`;
/** How long an unlocked visit lasts (part 4 §6: 30 minutes). Here, not in the contract: the pipeline reads this module on every route. */
export const VISIT_SECONDS = 30 * 60;

/** The share a request's visit unlocked: where it is stored. */
export interface FamilyVisit {
  accountId: string;
  shareId: string;
}

const ID_LENGTH = 36;

/** A link's token (contract familyToken, its shape checked by the route's schema): `<accountId>_<shareId>_<secret>`. */
export const linkToken = (accountId: string, shareId: string, secret: string) => `${accountId}_${shareId}_${secret}`;

/** A link token's parts, by position (the secret's base64url may itself hold an underscore). */
export function parseToken(token: string): { accountId: string; shareId: string; secret: string } {
  return { accountId: token.slice(0, ID_LENGTH), shareId: token.slice(ID_LENGTH + 1, 2 * ID_LENGTH + 1), secret: token.slice(2 * ID_LENGTH + 2) };
}

/**
 * The visit a request's family cookie proves for the share its token names, or undefined (the
 * pipeline answers 401). Checks only the token's ids and the visit: each route checks the share's
 * own state (410 once it ended).
 */
export async function resolveFamilyVisit(token: string, cookieValue: string | undefined): Promise<FamilyVisit | undefined> {
  if (!cookieValue || cookieValue.length > 64) return undefined;
  const { accountId, shareId } = parseToken(token);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: familyKeys.familyVisit(accountId, sha256(cookieValue)), ConsistentRead: true }));
  const visit = res.Item as { shareId: string; expiresAt: number } | undefined;
  if (!visit || visit.shareId !== shareId || visit.expiresAt <= nowSeconds()) return undefined;
  return { accountId, shareId };
}
