/**
 * The local upload route of an import (`npm start`, tests): PUT
 * <LOCAL_IMPORT_UPLOAD_PREFIX><accountId>/<importId>?token=… with the zip as the body, the stand-in
 * for the presigned S3 PUT, as the roster import's (../roster/local-upload.ts): the token is the
 * whole authority, for IMPORT_UPLOAD_MINUTES and only while the import waits for its file.
 */
import type { Readable } from 'node:stream';
import { IMPORT_TOO_LARGE, LOCAL_IMPORT_UPLOAD_PREFIX } from '@caseload/contract/account-import';
import { fileKeys } from '../keys.ts';
import type { UploadAnswer } from '../roster/local-upload.ts';
import { getImportItem, importUploadAllowed } from './job.ts';
import { UploadTooLargeError } from '../roster/storage.ts';
import { writeLocalImportUpload } from './storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isLocalImportUpload = (method: string | undefined, url: string | undefined) => method === 'PUT' && !!url?.startsWith(LOCAL_IMPORT_UPLOAD_PREFIX);

export async function receiveLocalImportUpload(url: string, body: Readable): Promise<UploadAnswer> {
  const parsed = new URL(url, 'http://local');
  const [accountId, importId, ...rest] = parsed.pathname.slice(LOCAL_IMPORT_UPLOAD_PREFIX.length).split('/');
  const token = parsed.searchParams.get('token') ?? '';
  if (!accountId || !importId || rest.length || !UUID.test(accountId) || !UUID.test(importId)) return { status: 404, message: 'Not found' };
  // One answer for a wrong token, an expired one and an unknown import: the URL is the secret.
  if (!importUploadAllowed(await getImportItem(accountId, importId), token)) return { status: 403, message: 'This upload link is not valid any more' };
  try {
    await writeLocalImportUpload(fileKeys.accountImportUpload(accountId, importId), body);
  } catch (e) {
    if (e instanceof UploadTooLargeError) return { status: 413, message: IMPORT_TOO_LARGE };
    throw e;
  }
  return { status: 200 };
}
