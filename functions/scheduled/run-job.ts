/**
 * Runs one scheduled job (not a manifest route): each EventBridge Scheduler schedule
 * (infra/constructs/scheduled-jobs.ts) invokes this function with `{ job: <name> }`, the names of
 * packages/contract/src/scheduled-jobs.ts. The job runs at the invocation's time, until a minute
 * before the Lambda's timeout; what it leaves undone (a big district's deletion) the next run
 * finishes. A failure throws, so the scheduler retries the invocation.
 */
import type { Context } from 'aws-lambda';
import { isScheduledJobName } from '@caseload/contract/scheduled-jobs';
import { now } from '@caseload/core/clock';
import { flushMetrics, logger } from '@caseload/core/observability';
import { runScheduledJob } from '@caseload/core/scheduled-jobs/jobs';
import type { JobResult } from '@caseload/core/scheduled-jobs/types';

/** Time kept back from the Lambda's timeout to finish the batch in hand and answer. */
const MARGIN_MS = 60_000;

export async function handler(event: { job?: unknown }, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<JobResult> {
  if (!isScheduledJobName(event.job)) {
    logger.error('scheduled_job_unknown');
    throw new Error('Unknown scheduled job');
  }
  const job = event.job;
  const result = await runScheduledJob(job, now(), { exhausted: () => context.getRemainingTimeInMillis() < MARGIN_MS });
  logger.info('scheduled_job_done', { job, done: result.done, ...result.summary });
  flushMetrics();
  return result;
}
