/**
 * POST /api/generate-progress-notes-bulk and its polling route. The POST checks every client
 * against the caller's visibility (an invisible or archived id becomes that client's error, not a
 * failed request), records the job and hands it to the dispatcher; it answers 202 with the job.
 *
 * Retries: the job id is derived from the request (account, user, clients, period, options) and a
 * one-minute window, and the job is created only if absent, so a retried or double-clicked POST
 * returns the job already under way instead of starting a second one. Independently of that, the
 * client's note periods mean no run ever stores a second note for a client and period.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkJob } from '@caseload/contract/notes';
import { recordAudit } from '../audit.ts';
import { getVisibleClient, getVisibleClients } from '../caseload/access.ts';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { HttpError, NotFoundError } from '../errors.ts';
import { sha256 } from '../ids.ts';
import { errorFields, logger } from '../observability.ts';
import type { ClientItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';
import { jobDispatcher } from '../jobs/dispatch.ts';
import { jobExpiry } from '../jobs/job-item.ts';
import { getJobItem, toBulkJob, UNKNOWN_CLIENT, type BulkError, type BulkJobItem, type ClientState } from './bulk-job.ts';
import { monthBefore } from './dates.ts';
import { displayName, type Period } from './facts.ts';
import { actorName } from '../people/actor-name.ts';

const RETRY_WINDOW_MS = 60_000;
const CLIENT_NOT_FOUND = 'Client not found';
const NOT_STARTED = 'Generation could not be started. Please try again in a minute.';

export interface BulkRequest {
  clientIds: string[];
  reportingPeriodStart?: string;
  reportingPeriodEnd?: string;
  skipExisting: boolean;
  replace?: boolean;
}

/** The requested period, or the dialog's default: one month ago to today. */
export function resolvePeriod(req: Pick<BulkRequest, 'reportingPeriodStart' | 'reportingPeriodEnd'>, today = nowIso().slice(0, 10)): Period {
  if (req.reportingPeriodStart && req.reportingPeriodEnd) return { start: req.reportingPeriodStart, end: req.reportingPeriodEnd };
  return { start: monthBefore(today), end: today };
}

type JobOptions = Pick<BulkRequest, 'skipExisting' | 'replace'>;

/** A UUID-shaped id from a hash, so the same request in the same window names the same job. */
function jobIdFor(auth: AuthContext, clientIds: string[], period: Period, options: JobOptions, window: number): string {
  const h = sha256([auth.accountId, auth.userId, [...clientIds].sort().join(','), period.start, period.end, String(options.skipExisting), String(options.replace === true), String(window)].join('|'));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Splits ids into visible clients and the rest; the common case (all visible) is one batch read. */
async function sortVisible(auth: AuthContext, ids: string[]): Promise<{ visible: ClientItem[]; missing: string[] }> {
  try {
    return { visible: await getVisibleClients(auth, ids), missing: [] };
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
  }
  const results = await Promise.all(ids.map((id) => getVisibleClient(auth, id).catch((e: unknown) => (e instanceof NotFoundError ? id : Promise.reject(e)))));
  return {
    visible: results.filter((r): r is ClientItem => typeof r !== 'string'),
    missing: results.filter((r): r is string => typeof r === 'string'),
  };
}

function newJobItem(auth: AuthContext, jobId: string, period: Period, options: JobOptions, visible: ClientItem[], missing: string[]): BulkJobItem {
  const at = nowIso();
  const clients: Record<string, ClientState> = {};
  for (const c of visible) clients[c.id] = 'pending';
  for (const id of missing) clients[id] = 'failed';
  const errors: BulkError[] = missing.map((clientId) => ({ clientId, clientName: UNKNOWN_CLIENT, error: CLIENT_NOT_FOUND }));
  const total = visible.length + missing.length;
  return {
    jobId,
    accountId: auth.accountId,
    status: visible.length ? 'running' : 'completed',
    total,
    completed: missing.length,
    successCount: 0,
    errorCount: missing.length,
    skippedCount: 0,
    reportingPeriodStart: period.start,
    reportingPeriodEnd: period.end,
    skipExisting: options.skipExisting,
    replace: options.replace === true,
    clients,
    clientNames: Object.fromEntries(visible.map((c) => [c.id, displayName(c)])),
    errors,
    createdBy: auth.userId,
    actorName: actorName(auth),
    userType: auth.userType,
    allowedOrganizationIds: auth.permissions.allowedOrganizationIds,
    createdAt: at,
    updatedAt: at,
    ttl: jobExpiry(at),
  };
}

/** Creates the job unless the same id exists; the stored job either way. */
async function createJobOnce(item: BulkJobItem): Promise<{ job: BulkJobItem; created: boolean }> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.bulkJob(item.accountId, item.jobId), type: entity.bulkJob, ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { job: item, created: true };
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    return { job: (await getJobItem(item.accountId, item.jobId))!, created: false };
  }
}

/** The same request's job from the previous window, when it is less than a window old. */
async function recentTwin(auth: AuthContext, ids: string[], period: Period, options: JobOptions, window: number) {
  const previous = await getJobItem(auth.accountId, jobIdFor(auth, ids, period, options, window - 1));
  return previous && now().getTime() - Date.parse(previous.createdAt) < RETRY_WINDOW_MS ? previous : undefined;
}

export async function startBulkJob(auth: AuthContext, req: BulkRequest): Promise<BulkJob> {
  const dispatcher = jobDispatcher();
  const period = resolvePeriod(req);
  const ids = [...new Set(req.clientIds)];
  const window = Math.floor(now().getTime() / RETRY_WINDOW_MS);
  const twin = await recentTwin(auth, ids, period, req, window);
  if (twin) return toBulkJob(twin);
  const { visible, missing } = await sortVisible(auth, ids);
  const jobId = jobIdFor(auth, ids, period, req, window);
  const { job, created } = await createJobOnce(newJobItem(auth, jobId, period, req, visible, missing));
  if (!created) return toBulkJob(job);
  await recordAudit(auth.accountId, {
    action: 'progress_note.bulk_started',
    actorId: auth.userId,
    actorName: job.actorName,
    entityType: 'bulkJob',
    entityId: jobId,
    summary: `Started AI progress notes for ${ids.length} clients`,
  });
  if (visible.length) {
    await dispatcher.dispatch(auth.accountId, jobId, 'bulkNotes').catch(async (e: unknown) => {
      // Not started: remove the job, so retrying the same request starts it afresh.
      logger.error('bulk_dispatch_failed', { jobId, error: errorFields(e) });
      await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.bulkJob(auth.accountId, jobId) }));
      throw new HttpError(503, NOT_STARTED, {}, { 'Retry-After': '30' });
    });
  }
  return toBulkJob(job);
}

/** A job for its starter (or the account owner); 404 for anyone else and for other accounts. */
export async function getBulkJob(auth: AuthContext, jobId: string): Promise<BulkJob> {
  const job = await getJobItem(auth.accountId, jobId);
  if (!job || (job.createdBy !== auth.userId && auth.userType !== 'owner')) throw new NotFoundError('Job');
  return toBulkJob(job);
}
