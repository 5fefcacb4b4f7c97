/**
 * The bulk-generation job item: what the page polls and what makes the work idempotent. Each
 * client has a state; a client's outcome is recorded once (a conditional update from `pending`),
 * with the counters moved by ADD in the same update, so a redelivered or retried run never counts
 * a client twice and never writes a second note for a period.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkJob } from '@caseload/contract/notes';
import type { UserType } from '@caseload/contract/enums';
import { now, nowIso } from '../clock.ts';
import { db } from '../db.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

/** The name shown for a client the job could not read; kept out of the runner, which loads the generator. */
export const UNKNOWN_CLIENT = 'Unknown Client';

export type ClientState = 'pending' | 'done' | 'skipped' | 'failed';
export interface BulkError {
  clientId: string;
  clientName: string;
  error: string;
}

export interface BulkJobItem {
  jobId: string;
  accountId: string;
  status: 'running' | 'completed';
  total: number;
  completed: number;
  successCount: number;
  errorCount: number;
  skippedCount: number;
  reportingPeriodStart: string;
  reportingPeriodEnd: string;
  skipExisting: boolean;
  /** Replace edited and overlapping undelivered notes (absent on jobs stored before it: false). */
  replace?: boolean;
  clients: Record<string, ClientState>;
  /** 'First L.' per client at the start, for error rows written when the client cannot be read. */
  clientNames: Record<string, string>;
  errors: BulkError[];
  /** Who started it, with the organization scope the worker applies to every client. */
  createdBy: string;
  actorName: string;
  userType: UserType;
  allowedOrganizationIds: string[];
  createdAt: string;
  updatedAt: string;
  ttl: number;
}

export async function getJobItem(accountId: string, jobId: string): Promise<BulkJobItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.bulkJob(accountId, jobId), ConsistentRead: true }));
  return res.Item as BulkJobItem | undefined;
}

export const INTERRUPTED_MESSAGE = 'Generation was interrupted. Please try again for this client.';
/**
 * A running job with no progress for this long was interrupted (the local process restarted, a
 * worker was lost): one note takes well under a minute, so the page is told the job is over.
 */
export const STALLED_AFTER_MS = 10 * 60_000;

/** The clients a stalled job never reached, as errors (derived on read: GET routes write nothing). */
function stalledErrors(job: BulkJobItem): BulkError[] {
  const stalled = job.status === 'running' && job.completed < job.total && now().getTime() - Date.parse(job.updatedAt) > STALLED_AFTER_MS;
  if (!stalled) return [];
  return Object.entries(job.clients)
    .filter(([, state]) => state === 'pending')
    .map(([clientId]) => ({ clientId, clientName: job.clientNames[clientId] ?? 'Unknown Client', error: INTERRUPTED_MESSAGE }));
}

export function toBulkJob(job: BulkJobItem): BulkJob {
  const interrupted = stalledErrors(job);
  return {
    jobId: job.jobId,
    status: job.completed + interrupted.length >= job.total ? 'completed' : job.status,
    total: job.total,
    completed: job.completed + interrupted.length,
    successCount: job.successCount,
    errorCount: job.errorCount + interrupted.length,
    skippedCount: job.skippedCount,
    reportingPeriodStart: job.reportingPeriodStart,
    reportingPeriodEnd: job.reportingPeriodEnd,
    errors: [...job.errors, ...interrupted],
  };
}

const COUNTER: Record<Exclude<ClientState, 'pending'>, 'successCount' | 'skippedCount' | 'errorCount'> = {
  done: 'successCount',
  skipped: 'skippedCount',
  failed: 'errorCount',
};

const isConditionFailure = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

/**
 * Records one client's outcome, once: a client no longer pending (a retried run got there first)
 * is left as it is. Marks the job completed when this was the last client.
 */
export async function recordOutcome(accountId: string, jobId: string, clientId: string, state: Exclude<ClientState, 'pending'>, error?: BulkError): Promise<void> {
  let updated: BulkJobItem;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bulkJob(accountId, jobId),
        UpdateExpression: `SET clients.#client = :state, updatedAt = :at${error ? ', #errors = list_append(#errors, :error)' : ''} ADD completed :one, #counter :one`,
        ConditionExpression: 'clients.#client = :pending',
        ExpressionAttributeNames: { '#client': clientId, '#counter': COUNTER[state], ...(error ? { '#errors': 'errors' } : {}) },
        ExpressionAttributeValues: { ':state': state, ':pending': 'pending', ':one': 1, ':at': nowIso(), ...(error ? { ':error': [error] } : {}) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    updated = res.Attributes as BulkJobItem;
  } catch (e) {
    if (isConditionFailure(e)) return;
    throw e;
  }
  if (updated.completed >= updated.total) await markCompleted(accountId, jobId);
}

async function markCompleted(accountId: string, jobId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.bulkJob(accountId, jobId),
        UpdateExpression: 'SET #status = :completed, updatedAt = :at',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':completed': 'completed', ':running': 'running', ':at': nowIso() },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
