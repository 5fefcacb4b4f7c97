/**
 * Where uploaded roster zips are kept: a port with two implementations, like the export files
 * (../exports/storage.ts). In the cloud (EXPORTS_BUCKET set) the exports bucket under
 * `roster-uploads/`, whose lifecycle rule deletes a zip after a day (infra/constructs/exports.ts);
 * the browser PUTs the zip to a presigned URL. Under `npm start` and in tests the folder
 * `<DATA_DIR>/roster-uploads`, written by the local server's upload route (local-upload.ts).
 * The zip is deleted when its import is applied.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { localUploadPath, MAX_ROSTER_BYTES, ROSTER_UPLOAD_MINUTES } from '@caseload/contract/roster';

/** A zip to read: its path on this machine, and what to do once read (a downloaded copy is removed). */
export interface OpenedZip {
  path: string;
  size: number;
  close(): Promise<void>;
}

export interface RosterStorage {
  /** The URL the browser PUTs the zip to. `token` is the import's upload token (the local route checks it). */
  uploadUrl(key: string, ids: { accountId: string; importId: string; token: string }, size?: number): Promise<string>;
  /** The stored zip's size, or undefined when nothing was uploaded. */
  size(key: string): Promise<number | undefined>;
  /** The zip as a file on this machine (yauzl reads a zip by its central directory: random access). */
  open(key: string): Promise<OpenedZip>;
  remove(key: string): Promise<void>;
}

/** Thrown by a local upload's writer when the body passes its limit. */
export class UploadTooLargeError extends Error {}

/**
 * Zips kept in a folder under DATA_DIR, the local stand-in of the S3 prefix a kind of upload uses
 * (roster zips here, exports to import in ../account-import/storage.ts): the storage port over
 * that folder, and the writer the local server's upload route streams a body to.
 */
export function localZipFolder({ folder, keyPrefix, uploadPath, maxBytes }: {
  /** The folder's name under DATA_DIR. */
  folder: string;
  /** The S3 key's prefix, which the folder stands for. */
  keyPrefix: RegExp;
  /** The local route the browser PUTs the zip to. */
  uploadPath: (accountId: string, importId: string, token: string) => string;
  maxBytes: number;
}) {
  const dir = () => join(process.env.DATA_DIR ?? join(tmpdir(), 'caseload'), folder);
  const localPath = (key: string) => join(dir(), key.replace(keyPrefix, ''));
  const storage: RosterStorage = {
    uploadUrl: (_key, { accountId, importId, token }) => Promise.resolve(uploadPath(accountId, importId, token)),
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
  /** Streams an upload to the folder (constant memory), refusing it past `maxBytes`; a refused or cut upload leaves no file. */
  async function writeUpload(key: string, body: Readable): Promise<number> {
    const target = localPath(key);
    await mkdir(dirname(target), { recursive: true });
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new UploadTooLargeError('too large');
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
  return { dir, storage, writeUpload };
}

// Made on first use: a module-level call would keep this module in every bundle that imports it
// for a type or a helper (tests/infra/bundles.test.ts holds each function to what it declares).
let rosterFolder: ReturnType<typeof localZipFolder> | undefined;
const rosterUploads = () => (rosterFolder ??= localZipFolder({ folder: 'roster-uploads', keyPrefix: /^roster-uploads\//, uploadPath: localUploadPath, maxBytes: MAX_ROSTER_BYTES }));
export const localRosterDir = () => rosterUploads().dir();
export const writeLocalUpload = (key: string, body: Readable) => rosterUploads().writeUpload(key, body);
const localRosterStorage = (): RosterStorage => rosterUploads().storage;

let s3: S3Client | undefined;

export function s3RosterStorage(bucket: string): RosterStorage {
  // Imported when used, so bundles that never touch a file do not carry the S3 client.
  const client = async () => {
    const { S3Client } = await import('@aws-sdk/client-s3');
    return (s3 ??= new S3Client({}));
  };
  return {
    async uploadUrl(key, _ids, size) {
      const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
      // A signed length, when known, makes S3 refuse any other body (the 200 MB limit holds there too).
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: 'application/zip', ...(size ? { ContentLength: size } : {}) });
      return getSignedUrl(await client(), command, { expiresIn: ROSTER_UPLOAD_MINUTES * 60 });
    },
    async size(key) {
      const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
      try {
        return (await (await client()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
      } catch {
        return undefined;
      }
    },
    async open(key) {
      const { GetObjectCommand } = await import('@aws-sdk/client-s3');
      const dir = await mkdtemp(join(tmpdir(), 'roster-'));
      const path = join(dir, 'roster.zip');
      const res = await (await client()).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await pipeline(res.Body as Readable, createWriteStream(path));
      return { path, size: (await stat(path)).size, close: () => rm(dir, { recursive: true, force: true }) };
    },
    async remove(key) {
      const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
      await (await client()).send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

let configured: RosterStorage | undefined;

/** Installs a test double; undefined restores the choice by environment. */
export function setRosterStorage(storage: RosterStorage | undefined) {
  configured = storage;
}

export function rosterStorage(): RosterStorage {
  if (configured) return configured;
  const bucket = process.env.EXPORTS_BUCKET;
  return bucket ? s3RosterStorage(bucket) : localRosterStorage();
}
