/**
 * Where uploaded exports wait to be imported, like the roster zips (../roster/storage.ts): in the
 * cloud (EXPORTS_BUCKET) the roster zips' own S3 storage, under `roster-uploads/account-imports/`,
 * which the browser PUTs to by a presigned URL; under `npm start` and in tests
 * `<DATA_DIR>/account-imports`, written by the local server's upload route (local-upload.ts). The
 * zip is deleted when its import ends.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { localImportUploadPath, MAX_IMPORT_BYTES } from '@caseload/contract/account-import';
import { s3RosterStorage, type RosterStorage } from '../roster/storage.ts';

export type ImportStorage = RosterStorage;

export const localImportDir = () => join(process.env.DATA_DIR ?? join(tmpdir(), 'caseload'), 'account-imports');
const localPath = (key: string) => join(localImportDir(), key.replace(/^roster-uploads\/account-imports\//, ''));

export class ImportUploadTooLargeError extends Error {}

/** Streams an upload to the local folder, refusing it past MAX_IMPORT_BYTES; a refused or cut upload leaves no file. */
export async function writeLocalImportUpload(key: string, body: Readable): Promise<number> {
  const target = localPath(key);
  await mkdir(dirname(target), { recursive: true });
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > MAX_IMPORT_BYTES) throw new ImportUploadTooLargeError('too large');
          yield chunk;
        }
      },
      createWriteStream(target),
    );
  } catch (e) {
    await rm(target, { force: true });
    throw e;
  }
  return size;
}

const localStorage: ImportStorage = {
  uploadUrl: (_key, { accountId, importId, token }) => Promise.resolve(localImportUploadPath(accountId, importId, token)),
  async size(key) {
    try {
      return (await stat(localPath(key))).size;
    } catch {
      return undefined;
    }
  },
  async open(key) {
    const path = localPath(key);
    return { path, size: (await stat(path)).size, close: () => Promise.resolve() };
  },
  remove: (key) => rm(localPath(key), { force: true }),
};

export function importStorage(): ImportStorage {
  const bucket = process.env.EXPORTS_BUCKET;
  return bucket ? s3RosterStorage(bucket) : localStorage;
}
