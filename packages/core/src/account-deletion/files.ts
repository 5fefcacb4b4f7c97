/**
 * Deletes every stored file of a district (export files, roster uploads: ./families.ts
 * `accountFilePlaces`): in the cloud every object under the account's prefixes of the exports
 * bucket (EXPORTS_BUCKET), listed and deleted a thousand at a time; under `npm start` and in tests
 * the account's folders in the stores' local folders (under DATA_DIR). Answers the number of files deleted per family.
 */
import { readdir, rm } from 'node:fs/promises';
import type { fileKeys } from '../keys.ts';
import { accountFilePlaces } from './families.ts';

type FileFamily = keyof typeof fileKeys;

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
}

async function deleteLocal(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [family, place] of Object.entries(accountFilePlaces) as [FileFamily, (typeof accountFilePlaces)[FileFamily]][]) {
    const dir = place.localDir(accountId);
    counts[family] = await countFiles(dir);
    await rm(dir, { recursive: true, force: true });
  }
  return counts;
}

async function deleteS3(bucket: string, accountId: string): Promise<Record<string, number>> {
  const { S3Client, ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({});
  const counts: Record<string, number> = {};
  for (const [family, place] of Object.entries(accountFilePlaces) as [FileFamily, (typeof accountFilePlaces)[FileFamily]][]) {
    counts[family] = 0;
    // Listing again from the start after each delete: what is deleted no longer lists.
    for (;;) {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: place.s3Prefix(accountId), MaxKeys: 1000 }));
      const objects = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length === 0) break;
      const res = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
      if (res.Errors?.length) throw new Error(`Could not delete ${res.Errors.length} files of an account being deleted`);
      counts[family] += objects.length;
    }
  }
  return counts;
}

export function deleteAccountFiles(accountId: string): Promise<Record<string, number>> {
  const bucket = process.env.EXPORTS_BUCKET;
  return bucket ? deleteS3(bucket, accountId) : deleteLocal(accountId);
}
