import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as worker } from '../../functions/notes/bulk-generation-worker.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { setJobDispatcher } from '../../packages/core/src/jobs/dispatch.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient } from '../support/records.ts';

/** In the cloud (BULK_QUEUE_URL set) the POST hands the job to SQS; the worker Lambda runs it. */
describe('bulk generation through the queue', () => {
  const sqs = mockClient(SQSClient);
  afterEach(() => {
    delete process.env.BULK_QUEUE_URL;
    sqs.reset();
  });

  it('queues {accountId, jobId}, answers a running job, and the worker completes it', async () => {
    process.env.BULK_QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/bulk';
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
    const { agent, user } = await signUpOwner();
    const clients = await Promise.all([putClient(user.accountId), putClient(user.accountId)]);

    const res = await agent.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id) });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', total: 2, completed: 0 });
    const sent = sqs.commandCalls(SendMessageCommand);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.args[0].input.QueueUrl).toBe(process.env.BULK_QUEUE_URL);
    const message = JSON.parse(sent[0]!.args[0].input.MessageBody!);
    expect(message).toEqual({ accountId: user.accountId, jobId: res.body.jobId, kind: 'bulkNotes' });

    const event = { Records: [{ messageId: 'm-1', body: JSON.stringify(message), attributes: { ApproximateReceiveCount: '1' } }] } as unknown as SQSEvent;
    expect(await worker(event)).toEqual({ batchItemFailures: [] });
    const done = await agent.get(`/api/generate-progress-notes-bulk/${res.body.jobId}`);
    expect(done.body).toMatchObject({ status: 'completed', total: 2, successCount: 2, errorCount: 0 });
    expect((await agent.get('/api/progress-notes')).body).toHaveLength(2);
  });
});

describe('an interrupted bulk job', () => {
  afterEach(() => {
    setJobDispatcher(undefined);
    testClock.reset();
  });

  it('is reported finished, with the clients it never reached as errors, after 10 minutes without progress', async () => {
    setJobDispatcher({ dispatch: async () => undefined }); // the runner never starts, as after a crash
    const { agent, user } = await signUpOwner();
    const clients = await Promise.all([putClient(user.accountId, { firstName: 'Ada' }), putClient(user.accountId, { firstName: 'Bo' })]);
    const started = await agent.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id) });
    testClock.advance(9 * 60_000);
    expect((await agent.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body.status).toBe('running');
    testClock.advance(2 * 60_000);
    const stalled = await agent.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`);
    expect(stalled.body).toMatchObject({ status: 'completed', total: 2, completed: 2, successCount: 0, errorCount: 2 });
    expect(stalled.body.errors.map((e: { error: string }) => e.error)).toEqual([
      'Generation was interrupted. Please try again for this client.',
      'Generation was interrupted. Please try again for this client.',
    ]);
  });
});
