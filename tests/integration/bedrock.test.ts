import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  ModelNotReadyException,
  ModelTimeoutException,
  ServiceQuotaExceededException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CueLevel } from '../../packages/contract/src/trials.ts';
import { BEDROCK_MESSAGES } from '../../packages/core/src/notes/bedrock.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { UNGROUNDED_MESSAGE } from '../../packages/core/src/notes/generator.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putGoal, putSession, recordSession } from '../support/records.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };
const bedrock = mockClient(BedrockRuntimeClient);

/** What a model might write for the fixture's data: every number is a fact. */
const GROUNDED =
  '<h2>Progress Note: Ava M.</h2><p>Reporting period: March 1, 2024 to March 31, 2024</p>' +
  '<h3>Attendance</h3><p>Ava M. attended 2 sessions, 60 minutes of therapy.</p>' +
  '<h3>Produce /r/ in words</h3><p>Across 2 sessions and 20 trials, accuracy rose from 60% to 80% (70% overall), an improving trend. ' +
  'Progress is sufficient to meet the 80% target.</p><p><strong>Recommendation:</strong> continue the current approach.</p>' +
  '<script>alert(1)</script><p onclick="steal()">Prepared by the SLP.</p>';
const INVENTED = GROUNDED.replace('60% to 80%', '60% to 85%');

const answer = (text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn'): ConverseCommandOutput => ({
  output: { message: { role: 'assistant', content: [{ text }] } },
  stopReason,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
  $metadata: {},
});
const meta = { $metadata: {} };

let owner: Agent;
let accountId: string;

async function clientWithData(): Promise<ClientItem> {
  const client = await putClient(accountId);
  const goal = await putGoal(accountId, client, { name: 'Produce /r/ in words' });
  await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[goal, 6, 10]]);
  await recordSession(accountId, client, '2024-03-11T14:00:00.000Z', [[goal, 8, 10]]);
  return client;
}

const generate = (client: ClientItem) => owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
const notesOf = async (client: ClientItem) => (await owner.get(`/api/clients/${client.id}/progress-notes`)).body as any[];

beforeAll(async () => {
  process.env.NOTE_GENERATOR = 'bedrock';
  process.env.BEDROCK_MODEL_ID = 'anthropic.claude-test-v1:0';
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
});

beforeEach(() => {
  bedrock.reset();
  delete process.env.BEDROCK_TIMEOUT_MS;
});

afterAll(() => {
  bedrock.restore();
  process.env.NOTE_GENERATOR = 'local';
});

describe('the Bedrock generator', () => {
  it('stores a grounded answer, sanitized, and sends the facts without ids', async () => {
    bedrock.on(ConverseCommand).resolves(answer(GROUNDED));
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ generatedBy: 'ai', status: 'generated' });
    expect(res.body.content).toContain('accuracy rose from 60% to 80% (70% overall)');
    expect(res.body.content).not.toMatch(/script|onclick/);
    expect((await notesOf(client)).map((n) => n.id)).toEqual([res.body.id]);

    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.modelId).toBe('anthropic.claude-test-v1:0');
    expect(input.system?.[0]).toMatchObject({ text: expect.stringContaining('ONLY from the facts') });
    const sent = (input.messages?.[0]?.content?.[0] as { text: string }).text;
    expect(sent).toContain('"displayName": "Ava M."');
    expect(sent).toContain('"sessionAccuracies": [\n');
    expect(sent).not.toContain(client.id);
  });

  it('sends the cueing facts of trials scored with cue levels, and holds the model to them', async () => {
    const client = await putClient(accountId);
    const goal = await putGoal(accountId, client, { name: 'Produce /r/ in words' });
    // [correct, trials] per cue level: 8 of 10 (6 independent), then 9 of 10 (7 independent).
    const scored: [string, [CueLevel, number, number][]][] = [
      ['2024-03-04T14:00:00.000Z', [['independent', 6, 7], ['verbal', 2, 3]]],
      ['2024-03-11T14:00:00.000Z', [['independent', 7, 7], ['verbal', 1, 1], ['model', 1, 2]]],
    ];
    for (const [scheduledAt, levels] of scored) {
      const session = await putSession(accountId, { scheduledAt, participants: { [client.id]: 'present' } });
      const trials = levels.flatMap(([cue, ok, n]) => Array.from({ length: n }, (_, i) => ({ cue, correct: i < ok })));
      const res = await owner.put(`/api/sessions/${session.id}/trials`, { clientId: client.id, goalId: goal.id, trials, clientUpdatedAt: new Date().toISOString() });
      expect(res.status).toBe(200);
    }
    const grounded =
      '<h2>Progress Note: Ava M.</h2><p>Reporting period: March 1, 2024 to March 31, 2024</p><h3>Attendance</h3><p>Ava M. attended 2 sessions, 60 minutes of therapy.</p>' +
      '<h3>Produce /r/ in words</h3><p>Across 2 sessions and 20 trials, accuracy rose from 80% to 90%. Ava M. scored 85% correct, 65% independently, ' +
      'with verbal cues on 3 trials (15%) and model cues on 1 trial (5%). Progress is sufficient to meet the 80% target.</p>';
    bedrock.on(ConverseCommand).resolvesOnce(answer(grounded.replace('65% independently', '70% independently'))).resolvesOnce(answer(grounded));

    const res = await generate(client);
    expect(res.status).toBe(201);
    expect(res.body.content).toContain('85% correct, 65% independently, with verbal cues on 3 trials (15%) and model cues on 1 trial (5%)');
    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.args[0].input.system?.[0]).toMatchObject({ text: expect.stringContaining('"scored 80% correct, 60% independently, with verbal cues on the rest"') });
    const sent = JSON.parse(/Facts \(JSON\):\n([\s\S]*?)\n\nWrite the progress note\./.exec((calls[0]!.args[0].input.messages?.[0]?.content?.[0] as { text: string }).text)![1]!);
    expect(sent.goals[0].cueing).toEqual({
      sessionsWithTrials: 2,
      allSessionsWithTrials: true,
      trials: 20,
      correct: 17,
      percentCorrect: 85,
      independentCorrect: 13,
      percentIndependent: 65,
      cuedCorrect: [
        { cue: 'verbal', trials: 3, percentOfTrials: 15 },
        { cue: 'model', trials: 1, percentOfTrials: 5 },
      ],
    });
    expect((calls[1]!.args[0].input.messages?.[0]?.content?.[0] as { text: string }).text).toContain('numbers that are not in the facts: 70');
  });

  it('asks again once when a number is invented, saying which, and stores the grounded retry', async () => {
    bedrock.on(ConverseCommand).resolvesOnce(answer(INVENTED)).resolvesOnce(answer(GROUNDED));
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(201);
    expect(res.body.content).not.toContain('85');
    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(2);
    expect((calls[1]!.args[0].input.messages?.[0]?.content?.[0] as { text: string }).text).toContain('numbers that are not in the facts: 85');
  });

  it('refuses a note that invents numbers twice, and stores nothing', async () => {
    bedrock.on(ConverseCommand).resolves(answer(INVENTED));
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: UNGROUNDED_MESSAGE });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(await notesOf(client)).toEqual([]);
  });

  const faults: [string, () => unknown, number, string][] = [
    ['throttling', () => new ThrottlingException({ message: 'Rate exceeded', ...meta }), 503, BEDROCK_MESSAGES.busy],
    ['a spent quota', () => new ServiceQuotaExceededException({ message: 'Quota', ...meta }), 503, BEDROCK_MESSAGES.busy],
    ['a model timeout', () => new ModelTimeoutException({ message: 'Timed out', ...meta }), 503, BEDROCK_MESSAGES.slow],
    ['a model still loading', () => new ModelNotReadyException({ message: 'Not ready', ...meta }), 503, BEDROCK_MESSAGES.notReady],
    ['access denied', () => new AccessDeniedException({ message: 'No access to model', ...meta }), 502, BEDROCK_MESSAGES.notEnabled],
    ['a refused request', () => new ValidationException({ message: 'Bad input', ...meta }), 502, BEDROCK_MESSAGES.rejected],
    ['a network failure', () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 503, BEDROCK_MESSAGES.unavailable],
    ['an unknown error', () => new Error('boom'), 503, BEDROCK_MESSAGES.unavailable],
  ];
  it.each(faults)('answers %s with a clear message and stores nothing', async (_, fault, status, message) => {
    bedrock.on(ConverseCommand).rejects(fault() as Error);
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    if (status === 503) expect(res.headers['Retry-After']).toBeDefined();
    expect(await notesOf(client)).toEqual([]);
  });

  it('gives up on a model that never answers, at its own deadline', async () => {
    process.env.BEDROCK_TIMEOUT_MS = '300';
    bedrock.on(ConverseCommand).callsFake(() => new Promise(() => undefined));
    const client = await clientWithData();
    const t0 = Date.now();
    const res = await generate(client);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BEDROCK_MESSAGES.slow });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await notesOf(client)).toEqual([]);
  });

  const unusable: [string, ConverseCommandOutput][] = [
    ['an empty answer', answer('')],
    ['a refusal', answer("I'm sorry, I can't help with that.")],
    ['a truncated answer', answer(GROUNDED, 'max_tokens')],
    ['a filtered answer', answer(GROUNDED, 'content_filtered')],
    ['no message at all', { $metadata: {}, stopReason: 'end_turn', output: undefined, usage: undefined, metrics: undefined }],
  ];
  it.each(unusable)('refuses %s as unusable and stores nothing', async (_, output) => {
    bedrock.on(ConverseCommand).resolves(output);
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: BEDROCK_MESSAGES.unusable });
    expect(await notesOf(client)).toEqual([]);
  });

  it('accepts plain paragraphs (wrapped as rich text) and strips a code fence', async () => {
    const plain = '```\nAva M. attended 2 sessions during the period.\n\nAcross 20 trials accuracy rose from 60% to 80%, so progress is sufficient to meet the 80% target.\n```';
    bedrock.on(ConverseCommand).resolves(answer(plain));
    const client = await clientWithData();
    const res = await generate(client);
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('<p>Ava M. attended 2 sessions during the period.</p><p>Across 20 trials accuracy rose from 60% to 80%, so progress is sufficient to meet the 80% target.</p>');
  });

  it('says so when no model is configured', async () => {
    delete process.env.BEDROCK_MODEL_ID;
    try {
      const client = await clientWithData();
      const res = await generate(client);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: BEDROCK_MESSAGES.notConfigured });
    } finally {
      process.env.BEDROCK_MODEL_ID = 'anthropic.claude-test-v1:0';
    }
  });

  it('records a throttled bulk run as per-client errors with the message', async () => {
    bedrock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', ...meta }));
    const clients = [await clientWithData(), await clientWithData()];
    const started = await owner.post('/api/generate-progress-notes-bulk', { clientIds: clients.map((c) => c.id), ...MARCH });
    await whenJobsIdle();
    const job = (await owner.get(`/api/generate-progress-notes-bulk/${started.body.jobId}`)).body;
    expect(job).toMatchObject({ status: 'completed', successCount: 0, errorCount: 2 });
    expect(job.errors.map((e: { error: string }) => e.error)).toEqual([BEDROCK_MESSAGES.busy, BEDROCK_MESSAGES.busy]);
    for (const c of clients) expect(await notesOf(c)).toEqual([]);
  });
});
