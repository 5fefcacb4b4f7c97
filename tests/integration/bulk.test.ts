import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { format, subMonths } from 'date-fns';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as worker } from '../../functions/notes/bulk-generation-worker.ts';
import { NoteGenerationError } from '../../packages/core/src/errors.ts';
import { setJobDispatcher, whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import type { ProgressFacts } from '../../packages/core/src/notes/facts.ts';
import { setNoteGenerator } from '../../packages/core/src/notes/generator.ts';
import { composeNote } from '../../packages/core/src/notes/local-generator.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putGoal, recordSession, signInChild } from '../support/records.ts';
import { signUpOwnerAccount } from '../support/owner-account.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  ({ owner, accountId } = await signUpOwnerAccount());
});

afterEach(async () => {
  await whenJobsIdle();
  setNoteGenerator(undefined);
  setJobDispatcher(undefined);
  delete process.env.BULK_QUEUE_URL;
});

/** `n` clients, each with one goal and one session of data in March 2024. */
async function caseload(n: number, prefix = 'Kid'): Promise<ClientItem[]> {
  const clients: ClientItem[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async (_, j) => {
        const client = await putClient(accountId, { firstName: `${prefix}${i + j}` });
        const goal = await putGoal(accountId, client);
        await recordSession(accountId, client, '2024-03-05T15:00:00.000Z', [[goal, 7, 10]]);
        return client;
      }),
    );
    clients.push(...batch);
  }
  return clients;
}

/** The configured local composer, `delayMs` slower: a stand-in for a slow model. */
const slowComposer = (delayMs: number, fail?: (facts: ProgressFacts) => boolean) => ({
  varies: false,
  async generate(facts: ProgressFacts) {
    await sleep(delayMs);
    if (fail?.(facts)) throw new NoteGenerationError('The AI service is busy. Please try again in a minute.', true);
    return composeNote(facts);
  },
});

async function poll(agent: Agent, jobId: string) {
  const progress: number[] = [];
  for (let i = 0; i < 1500; i++) {
    const res = await agent.get(`/api/generate-progress-notes-bulk/${jobId}`);
    expect(res.status).toBe(200);
    progress.push(res.body.completed);
    if (res.body.status === 'completed') return { job: res.body, progress };
    await sleep(20);
  }
  throw new Error('the job did not finish');
}

const notesOf = async (clientId: string) => (await owner.get(`/api/clients/${clientId}/progress-notes`)).body as any[];

describe('POST /api/generate-progress-notes-bulk', () => {
  it('works through 60 clients in the background with progress the page can poll', async () => {
    setNoteGenerator(slowComposer(25));
    const clients = await caseload(60);
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id), ...MARCH });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', total: 60, completed: 0, successCount: 0, errorCount: 0, errors: [], ...MARCH });

    const { job, progress } = await poll(owner, started.body.jobId);
    expect(job).toMatchObject({ status: 'completed', total: 60, completed: 60, successCount: 60, errorCount: 0, skippedCount: 0, errors: [] });
    expect(progress.some((c) => c > 0 && c < 60)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const c of clients) {
      const notes = await notesOf(c.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ generatedBy: 'ai', status: 'generated', ...MARCH });
    }
  });

  it('takes about a second for 60 clients with the local generator', async () => {
    const clients = await caseload(60, 'Fast');
    const t0 = performance.now();
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id), ...MARCH });
    await whenJobsIdle();
    const ms = Math.round(performance.now() - t0);
    const job = (await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body;
    expect(job).toMatchObject({ status: 'completed', successCount: 60 });
    console.info(`bulk: 60 notes with the local generator in ${ms} ms (BULK_CONCURRENCY ${process.env.BULK_CONCURRENCY ?? 4})`);
  });

  it('never writes a second note for a client and period, however it is retried', async () => {
    const clients = await caseload(5, 'Retry');
    const body = { clientIds: clients.map((c) => c.id), ...MARCH };
    const first = await owner.post('/api/generate-progress-notes-bulk', body);
    const retried = await owner.post('/api/generate-progress-notes-bulk', { ...body, clientIds: [...body.clientIds].reverse() });
    expect(retried.status).toBe(202);
    expect(retried.body.jobId).toBe(first.body.jobId);
    await whenJobsIdle();
    const noteIds = await Promise.all(clients.map(async (c) => (await notesOf(c.id)).map((n) => n.id)));
    expect(noteIds.every((ids) => ids.length === 1)).toBe(true);

    // The same request after it finished is still the same job: nothing runs again.
    const late = await owner.post('/api/generate-progress-notes-bulk', body);
    expect(late.body).toMatchObject({ jobId: first.body.jobId, status: 'completed', successCount: 5 });

    // A new request that skips existing notes (the default) skips them all.
    const skipping = await owner.post('/api/generate-progress-notes-bulk', { ...body, clientIds: body.clientIds.slice(0, 3) });
    expect(skipping.body.jobId).not.toBe(first.body.jobId);
    const skipped = (await poll(owner, skipping.body.jobId)).job;
    expect(skipped).toMatchObject({ total: 3, successCount: 0, skippedCount: 3, errorCount: 0 });

    // One that regenerates rewrites each note under its id: still one per client and period.
    const replacing = await owner.post('/api/generate-progress-notes-bulk', { ...body, skipExisting: false });
    expect((await poll(owner, replacing.body.jobId)).job).toMatchObject({ successCount: 5, skippedCount: 0 });
    const after = await Promise.all(clients.map(async (c) => (await notesOf(c.id)).map((n) => n.id)));
    expect(after).toEqual(noteIds);
  });

  it('records per-client errors and keeps the successes', async () => {
    const [good, failing] = await caseload(2, 'Part');
    const archived = await putClient(accountId, { firstName: 'Gone', archivedAt: '2024-02-01T00:00:00.000Z' });
    const stranger = await signUpOwner();
    const foreign = await putClient(stranger.user.accountId, { firstName: 'Foreign' });
    const missing = crypto.randomUUID();
    setNoteGenerator(slowComposer(0, (facts) => facts.client.firstName === failing!.firstName));

    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [good!.id, failing!.id, archived.id, foreign.id, missing], ...MARCH });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ total: 5, completed: 3, errorCount: 3 });
    const { job } = await poll(owner, started.body.jobId);
    expect(job).toMatchObject({ status: 'completed', total: 5, completed: 5, successCount: 1, errorCount: 4 });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        { clientId: archived.id, clientName: 'Unknown Client', error: 'Client not found' },
        { clientId: foreign.id, clientName: 'Unknown Client', error: 'Client not found' },
        { clientId: missing, clientName: 'Unknown Client', error: 'Client not found' },
        { clientId: failing!.id, clientName: `${failing!.firstName} M.`, error: 'The AI service is busy. Please try again in a minute.' },
      ]),
    );
    expect(await notesOf(good!.id)).toHaveLength(1);
    expect(await notesOf(failing!.id)).toHaveLength(0);
    expect((await stranger.agent.get(`/api/clients/${foreign.id}/progress-notes`)).body).toEqual([]);
  });

  it('defaults the period to the last month, and validates the request', async () => {
    const [client] = await caseload(1, 'Default');
    const res = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client!.id] });
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({ reportingPeriodEnd: today, reportingPeriodStart: format(subMonths(new Date(`${today}T12:00:00`), 1), 'yyyy-MM-dd') });

    expect((await owner.post('/api/generate-progress-notes-bulk', { clientIds: [] })).body.message).toBe('Please select at least one client');
    expect((await owner.post('/api/generate-progress-notes-bulk', {})).body.message).toBe('Please select at least one client');
    const halfPeriod = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client!.id], reportingPeriodStart: '2024-03-01' });
    expect(halfPeriod.body.message).toBe('Please select both start and end dates for the reporting period.');
    const backwards = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client!.id], reportingPeriodStart: '2024-03-31', reportingPeriodEnd: '2024-03-01' });
    expect(backwards.body.message).toBe('End date must be after start date.');
  });

  it('needs canGenerateProgressNotes, and shows a job only to its starter in its account', async () => {
    const [client] = await caseload(1, 'Perm');
    const viewer = await signInChild(accountId);
    expect((await viewer.agent.post('/api/generate-progress-notes-bulk', { clientIds: [client!.id], ...MARCH })).status).toBe(403);
    expect(await notesOf(client!.id)).toEqual([]);

    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client!.id], ...MARCH });
    const colleague = await signInChild(accountId, { canGenerateProgressNotes: true });
    expect((await colleague.agent.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).status).toBe(404);
    const stranger = await signUpOwner();
    expect((await stranger.agent.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).status).toBe(404);
    expect((await owner.get('/api/generate-progress-notes-bulk/not-a-job')).status).toBe(404);
  });
});

describe('the SQS worker', () => {
  const event = (body: string, receiveCount = 1) =>
    ({ Records: [{ messageId: crypto.randomUUID(), body, attributes: { ApproximateReceiveCount: String(receiveCount) } }] }) as unknown as SQSEvent;

  it('runs a queued job, and a redelivered message changes nothing', async () => {
    const queued: { accountId: string; jobId: string }[] = [];
    setJobDispatcher({ dispatch: async (a, j) => void queued.push({ accountId: a, jobId: j }) });
    const clients = await caseload(3, 'Queued');
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id), ...MARCH });
    expect(queued).toEqual([{ accountId, jobId: started.body.jobId }]);
    expect((await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body).toMatchObject({ status: 'running', completed: 0 });

    expect(await worker(event(JSON.stringify(queued[0])))).toEqual({ batchItemFailures: [] });
    const done = (await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body;
    expect(done).toMatchObject({ status: 'completed', completed: 3, successCount: 3 });

    expect(await worker(event(JSON.stringify(queued[0]), 2))).toEqual({ batchItemFailures: [] });
    expect((await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body).toEqual(done);
    for (const c of clients) expect(await notesOf(c.id)).toHaveLength(1);
  });

  it('drops a malformed message instead of retrying it', async () => {
    expect(await worker(event('not json'))).toEqual({ batchItemFailures: [] });
    expect(await worker(event(JSON.stringify({ accountId, jobId: 'nope' })))).toEqual({ batchItemFailures: [] });
  });

  it('answers 503 and keeps no job when the queue cannot take it; the retry starts afresh', async () => {
    process.env.BULK_QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/bulk';
    const sqs = mockClient(SQSClient);
    try {
      sqs.on(SendMessageCommand).rejectsOnce(Object.assign(new Error('down'), { name: 'ServiceUnavailable' })).resolves({ MessageId: 'm-2' });
      const [client] = await caseload(1, 'NoQueue');
      const body = { clientIds: [client!.id], ...MARCH };
      const refused = await owner.post('/api/generate-progress-notes-bulk', body);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: 'Generation could not be started. Please try again in a minute.' });
      const retried = await owner.post('/api/generate-progress-notes-bulk', body);
      expect(retried.status).toBe(202);
      expect(retried.body).toMatchObject({ status: 'running', completed: 0 });
      expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(2);
    } finally {
      sqs.restore();
    }
  });
});
