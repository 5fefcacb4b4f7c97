/**
 * The local upload route (`npm start` and tests): PUT <LOCAL_UPLOAD_PREFIX><accountId>/<importId>?token=…
 * with the zip as the body, the stand-in for the presigned S3 PUT. The token in the URL is the
 * whole authority (as with a presigned URL, no cookie is needed): its hash must match the
 * import's, it works for ROSTER_UPLOAD_MINUTES, and only while the import waits for its file.
 * The body streams to the local folder and is refused past 200 MB.
 */
import type { Readable } from 'node:stream';
import { LOCAL_UPLOAD_PREFIX, ROSTER_TOO_LARGE } from '@caseload/contract/roster';
import { fileKeys } from '../keys.ts';
import { getRosterImportItem, uploadAllowed } from './job.ts';
import { UploadTooLargeError, writeLocalUpload } from './storage.ts';

export interface UploadAnswer {
  status: number;
  message?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a request is for the local upload route (the local server hands it here, not to a handler). */
export const isLocalUpload = (method: string | undefined, url: string | undefined) => method === 'PUT' && !!url?.startsWith(LOCAL_UPLOAD_PREFIX);

export async function receiveLocalUpload(url: string, body: Readable): Promise<UploadAnswer> {
  const parsed = new URL(url, 'http://local');
  const [accountId, importId, ...rest] = parsed.pathname.slice(LOCAL_UPLOAD_PREFIX.length).split('/');
  const token = parsed.searchParams.get('token') ?? '';
  if (!accountId || !importId || rest.length || !UUID.test(accountId) || !UUID.test(importId)) return { status: 404, message: 'Not found' };
  const item = await getRosterImportItem(accountId, importId);
  // One answer for a wrong token, an expired one and an unknown import: the URL is the secret.
  if (!uploadAllowed(item, token)) return { status: 403, message: 'This upload link is not valid any more' };
  try {
    await writeLocalUpload(fileKeys.rosterUpload(accountId, importId), body);
  } catch (e) {
    if (e instanceof UploadTooLargeError) return { status: 413, message: ROSTER_TOO_LARGE };
    throw e;
  }
  return { status: 200 };
}
