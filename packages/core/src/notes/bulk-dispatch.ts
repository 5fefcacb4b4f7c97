/**
 * Where a bulk job runs. Locally (no BULK_QUEUE_URL): a background task in this process, so the
 * POST answers at once and the page polls. In the cloud the job goes to the SQS worker
 * (functions/notes/bulk-generation-worker.ts), because a Lambda is frozen once it has answered.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { INTERRUPTED_MESSAGE } from './bulk-job.ts';
import { failRemaining, runBulkJob } from './bulk-runner.ts';

export interface BulkDispatcher {
  dispatch(accountId: string, jobId: string): Promise<void>;
}

const inFlight = new Set<Promise<void>>();

export const inProcessDispatcher: BulkDispatcher = {
  dispatch(accountId, jobId) {
    const run: Promise<void> = runBulkJob(accountId, jobId)
      .catch(async (e: unknown) => {
        // No queue will retry here: close the job so the page stops waiting.
        console.error(JSON.stringify({ level: 'error', event: 'bulk_job_failed', error: (e as Error)?.name ?? 'Error' }));
        await failRemaining(accountId, jobId, INTERRUPTED_MESSAGE).catch(() => undefined);
      })
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
    return Promise.resolve();
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
