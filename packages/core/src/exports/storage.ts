/**
 * Where export files are kept: a port with two implementations. In the cloud (EXPORTS_BUCKET set)
 * an S3 bucket (KMS-encrypted, private, objects expire; infra/constructs/exports.ts) and a
 * presigned GET link; under `npm start` and in tests the folder `<DATA_DIR>/exports`, served by
 * GET /api/exports/{jobId}/file, which checks the caller as the job's own route does. The job
 * writes the file to a temporary file first (constant memory) and hands that path over.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { buildPath, downloadExport } from '@caseload/contract/manifest';
import { EXPORT_LINK_MINUTES } from '@caseload/contract/exports';
import { CSV_CONTENT_TYPE } from '../csv.ts';
import { localDownloadLink } from './local-download.ts';

/** A stored file's type, by its key: a CSV list or a whole export's zip. */
export const contentTypeOf = (key: string) => (key.endsWith('.zip') ? 'application/zip' : CSV_CONTENT_TYPE);

export interface ExportStorage {
  /** Stores the file at `path` under `key` (tenant first: keys.exportFile). */
  put(key: string, path: string): Promise<void>;
  /** A link the browser downloads the file from, saved as `fileName`. */
  downloadUrl(key: string, fileName: string, jobId: string): Promise<string>;
  /** What the download route answers: the file itself (local), or a redirect to a fresh link (S3). */
  download(key: string, fileName: string): Promise<{ body: string | Buffer } | { redirect: string }>;
}

/** The local folder of export files: the data folder's, or the system's temporary folder without one (tests). */
export const localExportsDir = () => join(process.env.DATA_DIR ?? join(tmpdir(), 'caseload'), 'exports');

export const localStorage: ExportStorage = {
  async put(key, path) {
    const target = join(localExportsDir(), key);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(path, target);
  },
  // A CSV: same origin, behind the session cookie (the route checks the caller and the tenant).
  // A whole export's zip: a one-time link with its own token, as a presigned link would be.
  downloadUrl: (key, _fileName, jobId) =>
    Promise.resolve(key.endsWith('.zip') ? localDownloadLink(key.slice(0, key.indexOf('/')), jobId) : buildPath(downloadExport.path, { jobId })),
  download: async (key) => ({ body: key.endsWith('.zip') ? await readFile(join(localExportsDir(), key)) : await readFile(join(localExportsDir(), key), 'utf8') }),
};

let s3: S3Client | undefined;

export function s3Storage(bucket: string): ExportStorage {
  // Imported when used, so bundles that never touch a file do not carry the S3 client.
  const client = async () => {
    const { S3Client } = await import('@aws-sdk/client-s3');
    return (s3 ??= new S3Client({}));
  };
  const storage: ExportStorage = {
    async put(key, path) {
      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      const { size } = await stat(path);
      // The bucket's default encryption (its KMS key) applies; a stream keeps memory constant.
      await (await client()).send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: contentTypeOf(key) }));
    },
    async downloadUrl(key, fileName) {
      const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
      const command = new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"`, ResponseContentType: contentTypeOf(key) });
      return getSignedUrl(await client(), command, { expiresIn: EXPORT_LINK_MINUTES * 60 });
    },
    download: async (key, fileName) => ({ redirect: await storage.downloadUrl(key, fileName, '') }),
  };
  return storage;
}

let configured: ExportStorage | undefined;

/** Installs a test double; undefined restores the choice by environment. */
export function setExportStorage(storage: ExportStorage | undefined) {
  configured = storage;
}

export function exportStorage(): ExportStorage {
  if (configured) return configured;
  const bucket = process.env.EXPORTS_BUCKET;
  return bucket ? s3Storage(bucket) : localStorage;
}
