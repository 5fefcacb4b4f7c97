/**
 * A family share as stored (`FSHARE#<id>` under its account), read by both sides: the clinician's
 * (shares.ts) and the family's (visits.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportLanguage, Share } from '@caseload/contract/families';
import { db } from '../db.ts';
import { sha256 } from '../ids.ts';
import { familyKeys } from '../keys.ts';
import { tableName } from '../table.ts';

/** A share as stored (`FSHARE#<id>` under the account). */
export interface FamilyShareItem {
  accountId: string;
  id: string;
  noteId: string;
  clientId: string;
  language: ReportLanguage;
  /** sha256 of the link's secret. */
  tokenHash: string;
  /** sha256 of `<secret>:<code>`. */
  codeHash: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  /** Wrong codes so far: MAX_WRONG_CODES end the share (raised only by a conditional write). */
  wrongCodes: number;
  revoked: boolean;
  viewedAt?: string;
  acknowledgedAt?: string;
  acknowledgedBy?: string;
}

/** The hash a share keeps of its code: bound to the link's secret (see the module comment). */
export const codeHashOf = (secret: string, code: string) => sha256(`${secret}:${code}`);

export const toShare = (item: FamilyShareItem): Share => ({
  id: item.id,
  expiresAt: item.expiresAt,
  viewedAt: item.viewedAt ?? null,
  acknowledgedAt: item.acknowledgedAt ?? null,
  acknowledgedBy: item.acknowledgedBy ?? null,
  revoked: item.revoked,
});

export async function getShareItem(accountId: string, shareId: string): Promise<FamilyShareItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: familyKeys.familyShare(accountId, shareId), ConsistentRead: true }));
  return res.Item as FamilyShareItem | undefined;
}

