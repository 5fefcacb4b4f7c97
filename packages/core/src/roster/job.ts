/**
 * A roster import's progress item (part 4 §3) and its routes' services. The item lives in the
 * account's partition (keys.rosterImport) and moves uploading → previewing → ready → applying →
 * done, or to failed; each move is a conditional write on the status it leaves, so two clicks of
 * Apply start one job. The preview and the apply are background jobs (steps.ts starts them, kinds
 * `rosterPreview` and `rosterApply`) running sync.ts over the uploaded zip. This module only reads
 * and moves the item, so the routes that read an import carry neither storage nor queue client.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, UserType } from '@caseload/contract/enums';
import { emptyCounts, ROSTER_MANAGERS_ONLY, type ChangeCounts, type RosterError, type RosterImport, type RosterImportStatus } from '@caseload/contract/roster';
import { now, nowIso } from '../clock.ts';
import { organizationScope, type AuthContext } from '../context.ts';
import { db, isConditionFailure, queryPartition } from '../db.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { JOB_STALLED_AFTER_MS } from '../jobs/job-item.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

export interface Counts {
  schools: ChangeCounts;
  students: ChangeCounts;
  staff: ChangeCounts;
}
export const emptyAllCounts = (): Counts => ({ schools: emptyCounts(), students: emptyCounts(), staff: emptyCounts() });

export interface RosterImportItem {
  importId: string;
  accountId: string;
  status: RosterImportStatus;
  progress: number;
  counts: Counts;
  errors: RosterError[];
  moreErrors: number;
  unmatchedStaff: { line: number; email: string }[];
  schoolYears: { name: string; firstDay: string; lastDay: string }[];
  allStudentsAreClients: boolean;
  saveSchoolYears?: boolean;
  mode?: 'bulk' | 'delta';
  /** Whether orgs.csv had errors: apply refuses such a preview (409). */
  orgErrors: boolean;
  /** SHA-256 of the upload token (the local upload route checks it), and when it stops working. */
  uploadTokenHash: string;
  uploadExpiresAt: string;
  /** The starter, and the rights the jobs act with (a job has no login session). */
  createdBy: string;
  createdByName: string;
  role: Role;
  userType: UserType;
  createdAt: string;
  updatedAt: string;
  ttl: number;
}

/** A new import's starting state: nothing counted, found or chosen yet. */
export const importNotStarted = (): Pick<
  RosterImportItem,
  'progress' | 'counts' | 'errors' | 'moreErrors' | 'unmatchedStaff' | 'schoolYears' | 'allStudentsAreClients' | 'orgErrors'
> => ({ progress: 0, counts: emptyAllCounts(), errors: [], moreErrors: 0, unmatchedStaff: [], schoolYears: [], allStudentsAreClients: false, orgErrors: false });

/** The owner, or a user who manages users for every organization (part 4 §3). */
export function assertRosterManager(auth: AuthContext): void {
  if (auth.userType === 'owner') return;
  if (!auth.permissions.canManageUsers || organizationScope(auth)) throw new ForbiddenError(ROSTER_MANAGERS_ONLY);
}

export async function getRosterImportItem(accountId: string, importId: string): Promise<RosterImportItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.rosterImport(accountId, importId), ConsistentRead: true }));
  return res.Item as RosterImportItem | undefined;
}

const RUNNING: RosterImportStatus[] = ['previewing', 'applying'];

/** The status a page is shown: a job with no progress for long was interrupted (derived on read). */
export function importStatusOnRead(item: Pick<RosterImportItem, 'status' | 'updatedAt'>): RosterImportStatus {
  return RUNNING.includes(item.status) && now().getTime() - Date.parse(item.updatedAt) > JOB_STALLED_AFTER_MS ? 'failed' : item.status;
}

export function toRosterImport(item: RosterImportItem): RosterImport {
  return {
    id: item.importId,
    status: importStatusOnRead(item),
    progress: item.progress,
    counts: item.counts,
    errors: item.errors,
    moreErrors: item.moreErrors,
    unmatchedStaff: item.unmatchedStaff,
    schoolYears: item.schoolYears,
    allStudentsAreClients: item.allStudentsAreClients,
    ...(item.mode ? { mode: item.mode } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether `token` opens the upload of this import: its hash matches, it has not expired, the import still waits for its file. */
export function uploadAllowed(item: RosterImportItem | undefined, token: string): item is RosterImportItem {
  if (!item || !token) return false;
  const given = Buffer.from(tokenHash(token), 'hex');
  const stored = Buffer.from(item.uploadTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) && now().toISOString() < item.uploadExpiresAt && item.status === 'uploading';
}

export async function managedImport(auth: AuthContext, importId: string): Promise<RosterImportItem> {
  assertRosterManager(auth);
  const item = await getRosterImportItem(auth.accountId, importId);
  if (!item) throw new NotFoundError('Roster import');
  return item;
}

export async function getRosterImport(auth: AuthContext, importId: string): Promise<RosterImport> {
  return toRosterImport(await managedImport(auth, importId));
}

/** The account's imports, newest first (a handful a year; the items expire with JOB_TTL_SECONDS). */
export async function listRosterImports(auth: AuthContext): Promise<RosterImport[]> {
  assertRosterManager(auth);
  const { PK, SKPrefix } = keys.rosterImportPrefix(auth.accountId);
  const items = await queryPartition<RosterImportItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
  return items.map(toRosterImport).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 20);
}

/** Moves the import from one of `from` to `to` with `fields`; false when it was not in one of them. */
export async function moveStatus(accountId: string, importId: string, from: RosterImportStatus[], to: RosterImportStatus, fields: Record<string, unknown> = {}, extra: { condition: string; values: Record<string, unknown> } = { condition: '', values: {} }): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':to': to, ':at': nowIso(), ...extra.values };
  const sets = ['#status = :to', 'updatedAt = :at'];
  Object.entries(fields).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    sets.push(`#f${i} = :f${i}`);
  });
  from.forEach((s, i) => (values[`:from${i}`] = s));
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rosterImport(accountId, importId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})${extra.condition}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

// ---- what the jobs write

export async function recordImportProgress(accountId: string, importId: string, progress: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rosterImport(accountId, importId),
      UpdateExpression: 'SET progress = :p, updatedAt = :at',
      ExpressionAttributeValues: { ':p': progress, ':at': nowIso() },
    }),
  );
}

export interface ImportOutcome {
  counts: Counts;
  errors: RosterError[];
  moreErrors: number;
  unmatchedStaff: { line: number; email: string }[];
  schoolYears: { name: string; firstDay: string; lastDay: string }[];
  mode: 'bulk' | 'delta';
  orgErrors: boolean;
}

export async function finishImportStep(accountId: string, importId: string, from: 'previewing' | 'applying', outcome: ImportOutcome): Promise<void> {
  const to = from === 'previewing' ? 'ready' : 'done';
  const fields: Record<string, unknown> = { progress: 100, counts: outcome.counts, mode: outcome.mode };
  // The apply keeps the preview's lists (what the user read); its counts are what it did.
  if (from === 'previewing') Object.assign(fields, { errors: outcome.errors, moreErrors: outcome.moreErrors, unmatchedStaff: outcome.unmatchedStaff, schoolYears: outcome.schoolYears, orgErrors: outcome.orgErrors });
  await moveStatus(accountId, importId, [from], to, fields);
}

/** Marks a running step failed (one finished or gone is left as it is). */
export async function failRosterImport(accountId: string, importId: string): Promise<void> {
  await moveStatus(accountId, importId, ['previewing', 'applying'], 'failed');
}
