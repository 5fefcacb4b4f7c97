/**
 * Whole-district exports as background jobs (part 4 §9). POST /api/exports records the job and
 * hands it to the one job mechanism (../jobs/dispatch.ts, kind `export`); the page polls
 * GET /api/exports/{jobId} and, once done, downloads the file from the link in the answer. The
 * job item holds what the runner needs (the filters, the starter's organization scope, which
 * decides the students the file may hold) and what the page shows (status, progress, rows).
 * Reading a job and its file is read.ts (it signs links; the start route needs no storage).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isWholeExport, type ExportJob, type ExportKind, type ExportRequest } from '@caseload/contract/exports';
import type { Role, UserType } from '@caseload/contract/enums';
import { nowIso } from '../clock.ts';
import { getVisibleClient } from '../caseload/access.ts';
import type { AuthContext } from '../context.ts';
import { ForbiddenError } from '../errors.ts';
import { db } from '../db.ts';
import { newId } from '../ids.ts';
import { jobDispatcher } from '../jobs/dispatch.ts';
import { failRunningJob, jobExpiry, putNewJob, statusOnRead } from '../jobs/job-item.ts';
import { entity, fileKeys, keys } from '../keys.ts';
import { minutesExportName } from '../minutes/service.ts';
import { errorFields, logger } from '../observability.ts';
import { serviceLogExportName } from '../service-log/service.ts';
import { tableName } from '../table.ts';

export interface ExportJobItem {
  jobId: string;
  accountId: string;
  kind: ExportKind;
  request: ExportRequest;
  fileName: string;
  status: ExportJob['status'];
  progress: number;
  rows: number;
  /** The starter, and the rights the file is written with (the worker has no login session). */
  createdBy: string;
  role: Role;
  userType: UserType;
  allowedOrganizationIds: string[];
  createdAt: string;
  updatedAt: string;
  ttl: number;
}

export async function getExportJobItem(accountId: string, jobId: string): Promise<ExportJobItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.exportJob(accountId, jobId), ConsistentRead: true }));
  return res.Item as ExportJobItem | undefined;
}

/** The job as the page reads it, without its link (read.ts adds that once it is done). */
export function toExportJob(job: ExportJobItem): ExportJob {
  return { id: job.jobId, kind: job.kind, status: statusOnRead(job), progress: job.progress, rows: job.rows, fileName: job.fileName };
}

/** Where a job's file is stored: a CSV list, or a whole export's zip. */
export const exportFileKey = (job: Pick<ExportJobItem, 'accountId' | 'jobId' | 'kind'>) => fileKeys.exportFile(job.accountId, job.jobId, isWholeExport(job.kind) ? 'zip' : 'csv');

/** A job's kind: the CSV list's, or the scope of a whole export. */
export const kindOf = (request: ExportRequest): ExportKind => ('kind' in request ? request.kind : request.scope);

/**
 * Who may start, and read, each kind (checked here, not on the route, because it depends on the
 * body): the CSV lists are a report right; the whole district's record is the owner's; one
 * student's record needs canEditClients (a records request or a transfer is a client edit).
 */
export function assertMayExport(auth: AuthContext, kind: ExportKind): void {
  const allowed = kind === 'account' ? auth.userType === 'owner' : kind === 'client' ? auth.permissions.canEditClients : auth.permissions.canViewReports;
  if (!allowed) throw new ForbiddenError();
}

/** The zip's name: the district's whole record or one student's, and the day it was made. */
const wholeExportName = (kind: 'account' | 'client', at: string) => `${kind === 'account' ? 'district-export' : 'student-record'}-${at.slice(0, 10)}.zip`;

async function fileNameOf(auth: AuthContext, request: ExportRequest, at: string): Promise<string> {
  if ('scope' in request) {
    // Checked now: a student the caller may not see answers 404 here, not as a failed job.
    if (request.scope === 'client') await getVisibleClient(auth, request.clientId, { includeArchived: true });
    return wholeExportName(request.scope, at);
  }
  return request.kind === 'serviceLog' ? serviceLogExportName(auth, request) : minutesExportName(auth, request);
}

export const failExportJob = (accountId: string, jobId: string): Promise<void> => failRunningJob(keys.exportJob(accountId, jobId));

/**
 * Records the job and dispatches it. The filters are checked now (a period too long answers 400
 * here, not as a failed job). A dispatch that fails leaves the job failed: the page says so.
 */
export async function startExport(auth: AuthContext, request: ExportRequest): Promise<ExportJob> {
  const kind = kindOf(request);
  assertMayExport(auth, kind);
  const at = nowIso();
  const fileName = await fileNameOf(auth, request, at);
  const item: ExportJobItem = {
    jobId: newId(),
    accountId: auth.accountId,
    kind,
    request,
    fileName,
    status: 'running',
    progress: 0,
    rows: 0,
    createdBy: auth.userId,
    role: auth.role,
    userType: auth.userType,
    allowedOrganizationIds: auth.permissions.allowedOrganizationIds,
    createdAt: at,
    updatedAt: at,
    ttl: jobExpiry(at),
  };
  await putNewJob(keys.exportJob(auth.accountId, item.jobId), entity.exportJob, item);
  try {
    await jobDispatcher().dispatch(auth.accountId, item.jobId, 'export');
  } catch (e) {
    logger.error('export_dispatch_failed', { jobId: item.jobId, error: errorFields(e) });
    await failExportJob(auth.accountId, item.jobId);
    return toExportJob({ ...item, status: 'failed' });
  }
  // Running: no link yet.
  return toExportJob(item);
}

/** After a batch of rows is written: the progress (below 100 until done) and the rows so far. */
export async function recordExportProgress(accountId: string, jobId: string, progress: number, rows: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.exportJob(accountId, jobId),
      UpdateExpression: 'SET progress = :p, #rows = :n, updatedAt = :at',
      ExpressionAttributeNames: { '#rows': 'rows' },
      ExpressionAttributeValues: { ':p': progress, ':n': rows, ':at': nowIso() },
    }),
  );
}

export async function finishExportJob(accountId: string, jobId: string, rows: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.exportJob(accountId, jobId),
      UpdateExpression: 'SET #status = :done, progress = :full, #rows = :n, updatedAt = :at',
      ExpressionAttributeNames: { '#status': 'status', '#rows': 'rows' },
      ExpressionAttributeValues: { ':done': 'done', ':full': 100, ':n': rows, ':at': nowIso() },
    }),
  );
}
