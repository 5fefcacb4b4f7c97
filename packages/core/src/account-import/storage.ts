/**
 * Where uploaded exports wait to be imported, like the roster zips (../roster/storage.ts): in the
 * cloud (EXPORTS_BUCKET) the roster zips' own S3 storage, under `roster-uploads/account-imports/`,
 * which the browser PUTs to by a presigned URL; under `npm start` and in tests
 * `<DATA_DIR>/account-imports`, written by the local server's upload route (local-upload.ts). The
 * zip is deleted when its import ends.
 */
import type { Readable } from 'node:stream';
import { localImportUploadPath, MAX_IMPORT_BYTES } from '@caseload/contract/account-import';
import { localZipFolder, s3RosterStorage, type RosterStorage } from '../roster/storage.ts';

export type ImportStorage = RosterStorage;

// Made on first use, so a route that only reads an import's progress does not carry the storage (tests/infra/bundles.test.ts).
let folder: ReturnType<typeof localZipFolder> | undefined;
const importFolder = () =>
  (folder ??= localZipFolder({ folder: 'account-imports', keyPrefix: /^roster-uploads\/account-imports\//, uploadPath: localImportUploadPath, maxBytes: MAX_IMPORT_BYTES }));
export const localImportDir = () => importFolder().dir();
export const writeLocalImportUpload = (key: string, body: Readable) => importFolder().writeUpload(key, body);

export function importStorage(): ImportStorage {
  const bucket = process.env.EXPORTS_BUCKET;
  return bucket ? s3RosterStorage(bucket) : importFolder().storage;
}
