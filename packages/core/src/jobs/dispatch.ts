/**
 * Where a background job runs: one mechanism for every kind of job (bulk progress notes, the
 * cancelling of a large closed-days save, whole-district exports). Locally (no BULK_QUEUE_URL): a background task in this
 * process, so the request answers at once and the page polls. In the cloud the job goes to the one
 * SQS queue and its worker (functions/notes/bulk-generation-worker.ts), which routes by kind,
 * because a Lambda is frozen once it has answered. docs/background-jobs.md tells the whole story.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { errorFields, flushMetrics, logger } from '../observability.ts';

/** The kinds of background job; a queued message without a kind (sent before kinds) is `bulkNotes`. */
export const jobKinds = ['bulkNotes', 'closedDays', 'export', 'rosterPreview', 'rosterApply', 'accountImport'] as const;
export type JobKind = (typeof jobKinds)[number];

/** What one kind of job does: run it (safe to run again), and close it when no retry will come. */
export interface JobRunner {
  run(accountId: string, jobId: string): Promise<void>;
  /** Marks the job as given up, so the page stops waiting (its work stays resumable where it can). */
  giveUp(accountId: string, jobId: string): Promise<void>;
}

/**
 * The runners, for jobs run in this process. Lambda bundles define CASELOAD_BULK_IN_PROCESS as
 * 'off' (a Lambda is frozen once it answers, so there jobs always go to the queue), and esbuild
 * drops the runners, the note generator and the Bedrock client from the routes' bundles.
 */
const loadRunner: ((kind: JobKind) => Promise<JobRunner>) | undefined =
  process.env.CASELOAD_BULK_IN_PROCESS === 'off' ? undefined : async (kind) => (await import('./runners.ts')).jobRunner(kind);

export interface JobDispatcher {
  dispatch(accountId: string, jobId: string, kind: JobKind): Promise<void>;
}

const inFlight = new Set<Promise<void>>();

export const inProcessDispatcher: JobDispatcher = {
  async dispatch(accountId, jobId, kind) {
    if (!loadRunner) throw new Error('This build runs background jobs on the queue only: BULK_QUEUE_URL is not set');
    const runner = await loadRunner(kind);
    const run: Promise<void> = runner
      .run(accountId, jobId)
      .catch(async (e: unknown) => {
        // No queue will retry here: close the job so the page stops waiting.
        logger.error('background_job_failed', { kind, jobId, error: errorFields(e) });
        await runner.giveUp(accountId, jobId).catch(() => undefined);
      })
      .finally(() => {
        // The job outlives the request that started it: its metrics are written here.
        flushMetrics();
        inFlight.delete(run);
      });
    inFlight.add(run);
  },
};

/** Resolves when every background job of this process has finished (tests, graceful shutdown). */
export async function whenJobsIdle(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

let configured: JobDispatcher | undefined;

/** Installs the queue adapter (or a test double); undefined restores the default choice. */
export function setJobDispatcher(dispatcher: JobDispatcher | undefined) {
  configured = dispatcher;
}

let sqs: SQSClient | undefined;

/** Sends `{accountId, jobId, kind}` to the job queue; the worker runs the job (retried by SQS, then the DLQ). */
export function queueDispatcher(queueUrl: string): JobDispatcher {
  return {
    async dispatch(accountId, jobId, kind) {
      // Imported here, not at the top, so bundles that only read jobs do not load the SQS client.
      const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
      sqs ??= new SQSClient({});
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ accountId, jobId, kind }) }));
    },
  };
}

export function jobDispatcher(): JobDispatcher {
  if (configured) return configured;
  const queueUrl = process.env.BULK_QUEUE_URL;
  return queueUrl ? queueDispatcher(queueUrl) : inProcessDispatcher;
}
