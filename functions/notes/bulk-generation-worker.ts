/**
 * The bulk-generation worker (SQS event source, one job per message; not a manifest route). It
 * runs the same job runner as the local background task. A message that fails is retried by SQS;
 * on its last allowed receive the job's remaining clients are closed as failed, so the page
 * stops waiting, before the message goes to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { failRemaining, runBulkJob } from '@caseload/core/notes/bulk-runner';
import { errorFields, flushMetrics, logger, withLogKeys } from '@caseload/core/observability';

const message = z.object({ accountId: z.string().check(z.minLength(1), z.maxLength(64)), jobId: z.uuid() });
/** Must match the queue's maxReceiveCount (infra/constructs/notes.ts). */
const MAX_RECEIVES = Number(process.env.BULK_MAX_RECEIVES ?? 3);
const GAVE_UP = 'Generation did not finish. Please try again for this client.';

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
    logger.error('bulk_message_invalid', { messageId: record.messageId });
    return true;
  }
  const { accountId, jobId } = parsed.data;
  try {
    await withLogKeys({ accountId, jobId }, () => runBulkJob(accountId, jobId));
    return true;
  } catch (e) {
    logger.error('bulk_job_failed', { accountId, jobId, error: errorFields(e) });
    if (Number(record.attributes?.ApproximateReceiveCount ?? 1) >= MAX_RECEIVES) {
      await failRemaining(accountId, jobId, GAVE_UP).catch(() => undefined);
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
