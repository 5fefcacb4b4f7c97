/**
 * The local stand-in for a presigned S3 GET of a whole export (`npm start` and tests):
 * GET <LOCAL_DOWNLOAD_PREFIX><accountId>/<jobId>?expires=…&token=… answers the zip, streamed from
 * the local exports folder. As with a presigned URL the link is the whole authority (no cookie):
 * its token is an HMAC of the account, the job and the expiry with this process's key, it works
 * for EXPORT_LINK_MINUTES, and once: the first download records the token (a conditional write),
 * a second answers 403. Reading the job signs a new link (nothing is written on a read).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { EXPORT_LINK_MINUTES } from '@caseload/contract/exports';
import { now } from '../clock.ts';
import { db, isConditionFailure } from '../db.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import { statusOnRead } from '../jobs/job-item.ts';
import { exportFileKey, getExportJobItem } from './job.ts';

export const LOCAL_DOWNLOAD_PREFIX = '/api/export-downloads/';
export const LINK_NOT_VALID = 'This download link is not valid any more';

/** Signs links for this process only: a restart ends every link, which lives 15 minutes anyway. */
const linkKey = randomBytes(32);
const sign = (accountId: string, jobId: string, expires: number) => createHmac('sha256', linkKey).update(`${accountId}/${jobId}/${expires}`).digest('base64url');

export function localDownloadLink(accountId: string, jobId: string): string {
  const expires = now().getTime() + EXPORT_LINK_MINUTES * 60_000;
  return `${LOCAL_DOWNLOAD_PREFIX}${accountId}/${jobId}?expires=${expires}&token=${sign(accountId, jobId, expires)}`;
}

export const isLocalDownload = (method: string | undefined, url: string | undefined) => method === 'GET' && !!url?.startsWith(LOCAL_DOWNLOAD_PREFIX);

export type LocalDownloadAnswer = { status: 200; path: string; fileName: string } | { status: 403 | 404; message: string };

/** Checks a local link (and spends it): the file to stream, or why not. */
export async function openLocalDownload(url: string, exportsDir: string): Promise<LocalDownloadAnswer> {
  const parsed = new URL(url, 'http://local');
  const [accountId, jobId, ...rest] = parsed.pathname.slice(LOCAL_DOWNLOAD_PREFIX.length).split('/');
  const expires = Number(parsed.searchParams.get('expires'));
  const token = parsed.searchParams.get('token') ?? '';
  if (!accountId || !jobId || rest.length) return { status: 404, message: 'Not found' };
  const expected = Buffer.from(sign(accountId, jobId, expires));
  const given = Buffer.from(token);
  // One answer for a wrong token, an expired one and a spent one: the URL is the secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || !(expires > now().getTime())) return { status: 403, message: LINK_NOT_VALID };
  const job = await getExportJobItem(accountId, jobId);
  if (!job || statusOnRead(job) !== 'done') return { status: 404, message: 'Not found' };
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.exportDownload(accountId, tokenHash), type: entity.exportDownload, ttl: Math.ceil(expires / 1000) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) return { status: 403, message: LINK_NOT_VALID };
    throw e;
  }
  return { status: 200, path: join(exportsDir, exportFileKey(job)), fileName: job.fileName };
}
