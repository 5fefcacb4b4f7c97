/**
 * Runs a bulk-generation job: the same code in the local background task and in the SQS worker.
 * Clients are worked on with bounded concurrency (BULK_CONCURRENCY, default 4) so a slow model is
 * not flooded; each client's failure is recorded with its message and the others go on.
 */
import { permissionDefaults } from '@caseload/contract/enums';
import { getVisibleClient } from '../caseload/access.ts';
import type { AuthContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { errorFields, logger } from '../observability.ts';
import { getJobItem, recordOutcome, UNKNOWN_CLIENT, type BulkJobItem } from './bulk-job.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { displayName, loadSessionsInPeriod, type Period } from './facts.ts';
import { auditGenerated, generateAndStore, type Actor } from './service.ts';
import type { SessionItem } from '../items.ts';
import { eachInPool } from '../concurrency.ts';

const DEFAULT_CONCURRENCY = 4;
/** Time for one client's note, model retries included (the worker may run for 15 minutes). */
const CLIENT_BUDGET_MS = 90_000;
const GENERIC_FAILURE = 'The progress note could not be generated. Please try again.';

export const bulkConcurrency = () => Math.max(1, Math.min(32, Number(process.env.BULK_CONCURRENCY) || DEFAULT_CONCURRENCY));

/** Every client is tried, whatever another's failure (each records its own outcome); the first failure is rethrown at the end. */
const EVERY_CLIENT = { afterFailure: 'continue' } as const;

/**
 * The starter's rights as the job recorded them, for the client gate: the worker has no login
 * session, and a client moved out of the starter's organizations meanwhile is refused.
 */
function jobAuth(job: BulkJobItem): AuthContext {
  return {
    accountId: job.accountId,
    userId: job.createdBy,
    // Role and names play no part in the gate; the scope and the account do.
    role: 'slp',
    userType: job.userType,
    permissions: { ...permissionDefaults, canGenerateProgressNotes: true, allowedOrganizationIds: job.allowedOrganizationIds },
    firstName: job.actorName,
    lastName: '',
    sessionHash: '',
  };
}

function userMessage(e: unknown): string {
  if (e instanceof HttpError) return e.message;
  logger.error('bulk_client_failed', { error: errorFields(e) });
  return GENERIC_FAILURE;
}

async function processClient(job: BulkJobItem, clientId: string, preloaded: { timeZone: string; sessions: SessionItem[] }): Promise<void> {
  const period: Period = { start: job.reportingPeriodStart, end: job.reportingPeriodEnd };
  const actor: Actor = { accountId: job.accountId, userId: job.createdBy, actorName: job.actorName };
  let clientName = job.clientNames[clientId] ?? UNKNOWN_CLIENT;
  try {
    const client = await getVisibleClient(jobAuth(job), clientId);
    clientName = displayName(client);
    const outcome = await generateAndStore(actor, client, period, { deadline: Date.now() + CLIENT_BUDGET_MS, skipExisting: job.skipExisting, replace: job.replace === true, preloaded });
    if ('skipped' in outcome) return await recordOutcome(job.accountId, job.jobId, clientId, 'skipped');
    await auditGenerated(actor, outcome, 'bulk');
    await recordOutcome(job.accountId, job.jobId, clientId, 'done');
  } catch (e) {
    await recordOutcome(job.accountId, job.jobId, clientId, 'failed', { clientId, clientName, error: userMessage(e) });
  }
}

/** Works through the job's pending clients; safe to run again (finished clients are not redone). */
export async function runBulkJob(accountId: string, jobId: string): Promise<void> {
  const job = await getJobItem(accountId, jobId);
  if (!job || job.status === 'completed') return;
  const pending = Object.entries(job.clients).filter(([, state]) => state === 'pending').map(([id]) => id);
  if (!pending.length) return;
  const timeZone = await accountTimeZone(accountId);
  const sessions = await loadSessionsInPeriod(accountId, { start: job.reportingPeriodStart, end: job.reportingPeriodEnd }, timeZone);
  await eachInPool(pending, (clientId) => processClient(job, clientId, { timeZone, sessions }), bulkConcurrency(), EVERY_CLIENT);
}

/** Gives up on a job: every client still pending is recorded as failed with `message`. */
export async function failRemaining(accountId: string, jobId: string, message: string): Promise<void> {
  const job = await getJobItem(accountId, jobId);
  if (!job) return;
  const pending = Object.entries(job.clients).filter(([, state]) => state === 'pending').map(([id]) => id);
  await eachInPool(
    pending,
    (clientId) => recordOutcome(accountId, jobId, clientId, 'failed', { clientId, clientName: job.clientNames[clientId] ?? UNKNOWN_CLIENT, error: message }),
    bulkConcurrency(),
    EVERY_CLIENT,
  );
}
