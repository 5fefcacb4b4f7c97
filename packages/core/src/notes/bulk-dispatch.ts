/**
 * Where a bulk job runs. Locally (no BULK_QUEUE_URL): a background task in this process, so the
 * POST answers at once and the page polls. In the cloud the job goes to the SQS worker
 * (functions/notes/bulk-generation-worker.ts), because a Lambda is frozen once it has answered.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { errorFields, flushMetrics, logger } from '../observability.ts';
import { INTERRUPTED_MESSAGE } from './bulk-job.ts';

/**
 * The job runner, for jobs run in this process. Lambda bundles define CASELOAD_BULK_IN_PROCESS as
 * 'off' (a Lambda is frozen once it answers, so there jobs always go to the queue), and esbuild
 * drops the runner, the note generator and the Bedrock client from the bulk route's bundle.
 */
const loadRunner = process.env.CASELOAD_BULK_IN_PROCESS === 'off' ? undefined : () => import('./bulk-runner.ts');

export interface BulkDispatcher {
  dispatch(accountId: string, jobId: string): Promise<void>;
}

const inFlight = new Set<Promise<void>>();

export const inProcessDispatcher: BulkDispatcher = {
  async dispatch(accountId, jobId) {
    if (!loadRunner) throw new Error('This build runs bulk jobs on the queue only: BULK_QUEUE_URL is not set');
    const { failRemaining, runBulkJob } = await loadRunner();
    const run: Promise<void> = runBulkJob(accountId, jobId)
      .catch(async (e: unknown) => {
        // No queue will retry here: close the job so the page stops waiting.
        logger.error('bulk_job_failed', { jobId, error: errorFields(e) });
        await failRemaining(accountId, jobId, INTERRUPTED_MESSAGE).catch(() => undefined);
      })
      .finally(() => {
        // The job outlives the request that started it: its notes' metrics are written here.
        flushMetrics();
        inFlight.delete(run);
      });
    inFlight.add(run);
  },
};

/** Resolves when every background job of this process has finished (tests, graceful shutdown). */
export async function whenBulkJobsIdle(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

let configured: BulkDispatcher | undefined;

/** Installs the queue adapter (or a test double); undefined restores the default choice. */
export function setBulkDispatcher(dispatcher: BulkDispatcher | undefined) {
  configured = dispatcher;
}

let sqs: SQSClient | undefined;

/** Sends `{accountId, jobId}` to the bulk queue; the worker runs the job (retried by SQS, then the DLQ). */
export function queueDispatcher(queueUrl: string): BulkDispatcher {
  return {
    async dispatch(accountId, jobId) {
      // Imported here, not at the top, so bundles that only read jobs do not load the SQS client.
      const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
      sqs ??= new SQSClient({});
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ accountId, jobId }) }));
    },
  };
}

export function bulkDispatcher(): BulkDispatcher {
  if (configured) return configured;
  const queueUrl = process.env.BULK_QUEUE_URL;
  return queueUrl ? queueDispatcher(queueUrl) : inProcessDispatcher;
}
