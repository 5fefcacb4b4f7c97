/**
 * Whole-district exports as background jobs (part 4 §9). POST /api/exports records the job and
 * hands it to the one job mechanism (../jobs/dispatch.ts, kind `export`); the page polls
 * GET /api/exports/{jobId} and, once done, downloads the file from the link in the answer. The
 * job item holds what the runner needs (the filters, the starter's organization scope, which
 * decides the students the file may hold) and what the page shows (status, progress, rows).
 * Reading a job and its file is read.ts (it signs links; the start route needs no storage).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJob, ExportKind, ExportRequest } from '@caseload/contract/exports';
import type { Role, UserType } from '@caseload/contract/enums';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { newId } from '../ids.ts';
import { jobDispatcher } from '../jobs/dispatch.ts';
import { failRunningJob, jobExpiry, putNewJob, statusOnRead } from '../jobs/job-item.ts';
import { entity, keys } from '../keys.ts';
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

export const failExportJob = (accountId: string, jobId: string): Promise<void> => failRunningJob(keys.exportJob(accountId, jobId));

/**
 * Records the job and dispatches it. The filters are checked now (a period too long answers 400
 * here, not as a failed job). A dispatch that fails leaves the job failed: the page says so.
 */
export async function startExport(auth: AuthContext, request: ExportRequest): Promise<ExportJob> {
  const fileName = request.kind === 'serviceLog' ? await serviceLogExportName(auth, request) : await minutesExportName(auth, request);
  const at = nowIso();
  const item: ExportJobItem = {
    jobId: newId(),
    accountId: auth.accountId,
    kind: request.kind,
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
