/**
 * An import of a whole export (part 4 §5): its progress item (`ACCT#a / AIMPORT#<id>`), the
 * create (owner only, into a district with no students: 409 otherwise), the apply that starts the
 * background job, the read the page polls, and the runner the job mechanism calls
 * (runner.ts, kept apart so the routes' bundles carry no writer). The CLI runs runner.ts too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  IMPORT_ALREADY_APPLIED,
  IMPORT_EMPTY_DISTRICT_ONLY,
  IMPORT_NOT_UPLOADED,
  IMPORT_OWNER_ONLY,
  IMPORT_TOO_LARGE,
  IMPORT_UPLOAD_MINUTES,
  MAX_IMPORT_BYTES,
  type AccountImport,
  type AccountImportStarted,
  type AccountImportStatus,
} from '@caseload/contract/account-import';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, queryPartition } from '../db.ts';
import { ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError } from '../errors.ts';
import { newId } from '../ids.ts';
import { jobDispatcher } from '../jobs/dispatch.ts';
import { jobExpiry, JOB_STALLED_AFTER_MS, putNewJob } from '../jobs/job-item.ts';
import { entity, fileKeys, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { ImportCounts } from './restore.ts';
import { importStorage } from './storage.ts';

export interface AccountImportItem {
  importId: string;
  accountId: string;
  status: AccountImportStatus;
  progress: number;
  counts: ImportCounts;
  errors: string[];
  uploadTokenHash: string;
  uploadExpiresAt: string;
  /** The owner who started it: the importing district's owner stays its owner. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  ttl: number;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function assertOwner(auth: AuthContext) {
  if (auth.userType !== 'owner') throw new ForbiddenError(IMPORT_OWNER_ONLY);
}

/** Whether the account has any student (live or archived): an import only goes into an empty district. */
export async function hasClients(accountId: string): Promise<boolean> {
  const { PK, SKPrefix } = keys.clientPrefix(accountId);
  return (await queryPartition({ pk: PK, skPrefix: SKPrefix, limit: 1, consistent: true })).length > 0;
}

async function assertEmpty(accountId: string) {
  if (await hasClients(accountId)) throw new ConflictError(IMPORT_EMPTY_DISTRICT_ONLY);
}

export async function getImportItem(accountId: string, importId: string): Promise<AccountImportItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.accountImport(accountId, importId), ConsistentRead: true }));
  return res.Item as AccountImportItem | undefined;
}

export function toAccountImport(item: AccountImportItem): AccountImport {
  // A job with no progress for long was interrupted (derived on read, as for every job).
  const stalled = item.status === 'applying' && now().getTime() - Date.parse(item.updatedAt) > JOB_STALLED_AFTER_MS;
  return {
    id: item.importId,
    status: stalled ? 'failed' : item.status,
    progress: item.progress,
    counts: item.counts,
    errors: stalled && !item.errors.length ? ['The import stopped before it finished. Start it again.'] : item.errors,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** POST /api/account-imports: the import, and where the zip goes. */
export async function startAccountImport(auth: AuthContext, input: { size?: number }): Promise<AccountImportStarted> {
  assertOwner(auth);
  if (input.size !== undefined && input.size > MAX_IMPORT_BYTES) throw new PayloadTooLargeError(IMPORT_TOO_LARGE);
  await assertEmpty(auth.accountId);
  const at = nowIso();
  const token = randomBytes(32).toString('base64url');
  const item: AccountImportItem = {
    importId: newId(),
    accountId: auth.accountId,
    status: 'uploading',
    progress: 0,
    counts: {},
    errors: [],
    uploadTokenHash: tokenHash(token),
    uploadExpiresAt: new Date(Date.parse(at) + IMPORT_UPLOAD_MINUTES * 60_000).toISOString(),
    createdBy: auth.userId,
    createdAt: at,
    updatedAt: at,
    ttl: jobExpiry(at),
  };
  await putNewJob(keys.accountImport(auth.accountId, item.importId), entity.accountImport, item);
  const uploadUrl = await importStorage().uploadUrl(fileKeys.accountImportUpload(auth.accountId, item.importId), { accountId: auth.accountId, importId: item.importId, token }, input.size);
  return { importId: item.importId, uploadUrl };
}

/** Whether `token` opens the upload of this import (hash, expiry, still waiting for its file). */
export function importUploadAllowed(item: AccountImportItem | undefined, token: string): item is AccountImportItem {
  if (!item || !token) return false;
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(item.uploadTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) && nowIso() < item.uploadExpiresAt && item.status === 'uploading';
}

async function ownImport(auth: AuthContext, importId: string): Promise<AccountImportItem> {
  assertOwner(auth);
  const item = await getImportItem(auth.accountId, importId);
  if (!item) throw new NotFoundError('Import');
  return item;
}

export async function getAccountImport(auth: AuthContext, importId: string): Promise<AccountImport> {
  return toAccountImport(await ownImport(auth, importId));
}

/** Moves the import's status (`from` → `to`) with `fields`; false when it was not in `from`. */
export async function moveStatus(accountId: string, importId: string, from: AccountImportStatus, to: AccountImportStatus, fields: Record<string, unknown> = {}): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':from': from, ':to': to, ':at': nowIso() };
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.accountImport(accountId, importId),
        UpdateExpression: `SET #status = :to, updatedAt = :at${sets.map((s) => `, ${s}`).join('')}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** POST /api/account-imports/{id}/apply: the zip is there and the district still empty; the job starts. */
export async function applyAccountImport(auth: AuthContext, importId: string): Promise<AccountImport> {
  const item = await ownImport(auth, importId);
  if (item.status !== 'uploading') throw new ConflictError(IMPORT_ALREADY_APPLIED);
  if ((await importStorage().size(fileKeys.accountImportUpload(auth.accountId, importId))) === undefined) throw new ConflictError(IMPORT_NOT_UPLOADED);
  await assertEmpty(auth.accountId);
  if (!(await moveStatus(auth.accountId, importId, 'uploading', 'applying'))) throw new ConflictError(IMPORT_ALREADY_APPLIED);
  // The answer is the import as this request left it (applying): read after the dispatch, a quick
  // job (a zip refused at its first check) may already have failed, and 202 says it was started.
  const applying = (await getImportItem(auth.accountId, importId))!;
  await jobDispatcher().dispatch(auth.accountId, importId, 'accountImport');
  return toAccountImport(applying);
}

/** Gives the job up (no retry will come): the page reads failed. */
export async function failAccountImport(accountId: string, importId: string): Promise<void> {
  await moveStatus(accountId, importId, 'applying', 'failed', { errors: ['The import stopped before it finished. Start it again.'] });
}
