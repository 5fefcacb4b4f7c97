/**
 * Where a bulk job runs. Locally (no BULK_QUEUE_URL): a background task in this process, so the
 * POST answers at once and the page polls. In the cloud the job must go to the SQS worker, because
 * a Lambda is frozen once it has answered; that adapter needs @aws-sdk/client-sqs, which is not
 * installed yet, so it is plugged in through setBulkDispatcher and its absence is a clear 503.
 */
import { HttpError } from '../errors.ts';
import { failRemaining, runBulkJob } from './bulk-runner.ts';

export interface BulkDispatcher {
  dispatch(accountId: string, jobId: string): Promise<void>;
}

export const INTERRUPTED_MESSAGE = 'Generation was interrupted. Please try again for this client.';

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

export function bulkDispatcher(): BulkDispatcher {
  if (configured) return configured;
  if (!process.env.BULK_QUEUE_URL) return inProcessDispatcher;
  console.error(JSON.stringify({ level: 'error', event: 'bulk_queue_adapter_missing' }));
  throw new HttpError(503, 'Generating notes for several clients is not available on this server yet. Please generate notes one client at a time.');
}
