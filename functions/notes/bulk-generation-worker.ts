/**
 * The background-job worker (SQS event source, one job per message; not a manifest route). Every
 * kind of job goes through the one queue, and the message names its kind (bulk note generation,
 * cancelling on closed days; a message without one is a bulk-generation job). It runs the same
 * runners as the local background task (packages/core/src/jobs/runners.ts). A message that fails
 * is retried by SQS; on its last allowed receive the job is given up (a bulk job's remaining
 * clients are closed as failed, a closed-days job reads failed and its days stay pending for the
 * next save), so the page stops waiting, before the message goes to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { jobKinds } from '@caseload/core/jobs/dispatch';
import { jobRunner } from '@caseload/core/jobs/runners';
import { errorFields, flushMetrics, logger, withLogKeys } from '@caseload/core/observability';

const message = z.object({
  accountId: z.string().check(z.minLength(1), z.maxLength(64)),
  jobId: z.uuid(),
  kind: z._default(z.enum(jobKinds), 'bulkNotes'),
});
/** Must match the queue's maxReceiveCount (infra/constructs/notes.ts). */
const MAX_RECEIVES = Number(process.env.BULK_MAX_RECEIVES ?? 3);

function parse(record: SQSRecord) {
  try {
    return message.safeParse(JSON.parse(record.body));
  } catch {
    return message.safeParse(undefined);
  }
}

async function handleRecord(record: SQSRecord): Promise<boolean> {
  const parsed = parse(record);
  if (!parsed.success) {
    // A malformed message can never succeed: drop it rather than retry it.
    logger.error('job_message_invalid', { messageId: record.messageId });
    return true;
  }
  const { accountId, jobId, kind } = parsed.data;
  const runner = jobRunner(kind);
  try {
    await withLogKeys({ accountId, jobId }, () => runner.run(accountId, jobId));
    return true;
  } catch (e) {
    logger.error('background_job_failed', { accountId, jobId, kind, error: errorFields(e) });
    if (Number(record.attributes?.ApproximateReceiveCount ?? 1) >= MAX_RECEIVES) {
      await runner.giveUp(accountId, jobId, 'retriesExhausted').catch(() => undefined);
      return true;
    }
    return false;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  try {
    for (const record of event.Records) {
      if (!(await handleRecord(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  } finally {
    flushMetrics();
  }
  return { batchItemFailures };
}
