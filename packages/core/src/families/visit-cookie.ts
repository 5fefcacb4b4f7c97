/**
 * The family's cookie (part 4 §6): proof that this browser entered the code of one share. Read
 * by the pipeline on the family routes and nowhere else; its path is the share's own routes, so
 * a browser sends it nowhere else either. A value is a random token stored only as a hash, in its
 * own key kind (never a login session), so it is no sign-in anywhere.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { FAMILY_VISIT_MINUTES } from '@caseload/contract/families';
import { nowSeconds } from '../clock.ts';
import { db } from '../db.ts';
import { sha256 } from '../ids.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

export const FAMILY_COOKIE = 'caseload_family';
export const familyCookiePath = (token: string) => `/api/family/${token}`;
export const VISIT_SECONDS = FAMILY_VISIT_MINUTES * 60;

/** The share a request's visit unlocked: where it is stored. */
export interface FamilyVisit {
  accountId: string;
  shareId: string;
}

/** A link token's parts (its shape is checked by the route's schema): `<accountId>.<shareId>.<secret>`. */
export function parseToken(token: string): { accountId: string; shareId: string; secret: string } {
  const [accountId = '', shareId = '', secret = ''] = token.split('.');
  return { accountId, shareId, secret };
}

/**
 * The visit a request's family cookie proves for the share its token names, or undefined (the
 * pipeline answers 401). Checks only the token's ids and the visit: each route checks the share's
 * own state (410 once it ended).
 */
export async function resolveFamilyVisit(token: string, cookieValue: string | undefined): Promise<FamilyVisit | undefined> {
  if (!cookieValue || cookieValue.length > 64) return undefined;
  const { accountId, shareId } = parseToken(token);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.familyVisit(accountId, sha256(cookieValue)), ConsistentRead: true }));
  const visit = res.Item as { shareId: string; expiresAt: number } | undefined;
  if (!visit || visit.shareId !== shareId || visit.expiresAt <= nowSeconds()) return undefined;
  return { accountId, shareId };
}
