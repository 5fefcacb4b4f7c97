import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../packages/core/src/db.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { captureOutput, recordMetrics } from '../support/observed.ts';

/**
 * Every route that carries client data, run through the real handlers with the logger at DEBUG
 * (a line per request, the most a log can hold), while everything written to stdout, stderr or the
 * console is kept. No client's name, note text or user's e-mail may appear in it.
 */

// As an operator would set it; read once, when the logger is made (before the imports run).
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

const marker = `Qz${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const NAME = `Zephyrine${marker}`;
const NOTE = `Stutters on plosives ${marker}`;
const EMAIL = `owner-${marker}@district.test`.toLowerCase();
const forbidden = [NAME, NOTE, marker, EMAIL];

let output: ReturnType<typeof captureOutput>;
let published: ReturnType<typeof recordMetrics>;
let accountId: string;
let userId: string;

/** Makes the next writes fail with an error whose message quotes the request, as a careless library might. */
function failWritesQuoting(text: string) {
  const client = db();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (['UpdateItemCommand', 'TransactWriteItemsCommand', 'PutItemCommand'].includes(String(context.commandName))) {
        throw Object.assign(new Error(`could not store client ${text}`), { name: 'UnexpectedFault' });
      }
      return next(args);
    },
    { step: 'initialize', name: 'quotingFault', override: true },
  );
  return () => client.middlewareStack.remove('quotingFault');
}

beforeAll(async () => {
  published = recordMetrics();
  output = captureOutput();
  try {
    const owner = await signUpOwner({ email: EMAIL, firstName: NAME, lastName: marker, accountName: `${marker} District` });
    const agent = owner.agent;
    accountId = owner.user.accountId;
    userId = owner.user.id;
    const ok = (res: { status: number; body: any }) => {
      if (res.status >= 300) throw new Error(`setup request failed with ${res.status}`);
      return res.body;
    };
    const org = ok(await agent.post('/api/organizations', { name: `${marker} School`, type: 'school' }));
    const client = ok(await agent.post('/api/clients', { firstName: NAME, lastInitial: 'Q', organizationId: org.id, status: 'active', diagnosis: NOTE, teacher: NAME }));
    ok(await agent.put(`/api/clients/${client.id}`, { firstName: NAME, lastInitial: 'R', organizationId: org.id, status: 'active', diagnosis: NOTE }));
    const goal = ok(await agent.post('/api/goals', { clientId: client.id, name: `${NAME} goal`, type: 'articulation', description: `<p>${NOTE}</p>`, targetCriteria: '80% accuracy' }));
    const session = ok(await agent.post('/api/sessions', { type: 'therapy', clientIds: [client.id], scheduledAt: new Date(Date.now() - 86400_000).toISOString(), duration: 30, notes: NOTE }));
    ok(await agent.post(`/api/sessions/${session.id}/notes`, { clientId: client.id, notes: `<p>${NOTE}</p>` }));
    ok(await agent.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 7, totalAttempts: 10, notes: NOTE }));
    ok(await agent.get(`/api/sessions/${session.id}`));
    ok(await agent.get('/api/clients'));
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
    const note = ok(await agent.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: monthAgo, reportingPeriodEnd: today }));
    // The generated note quotes the client's name: it must stay in the answer.
    expect(JSON.stringify(note)).toContain(NAME);

    // Refused requests whose bodies carry the name and the note.
    expect((await agent.post('/api/clients', { firstName: NAME, lastInitial: 'TOO LONG', organizationId: org.id, status: 'active', diagnosis: NOTE })).status).toBe(400);
    expect((await agent.post(`/api/sessions/${session.id}/notes`, `{"clientId":"${client.id}","notes":"${NOTE}`)).status).toBe(400);
    expect((await new Agent().post('/api/login', { username: EMAIL, password: `${PASSWORD}x` })).status).toBe(401);

    // An unexpected fault whose message quotes the record: a 500, logged without the message.
    const removeFault = failWritesQuoting(`${NAME} ${NOTE}`);
    try {
      expect((await agent.put(`/api/clients/${client.id}`, { firstName: NAME, lastInitial: 'S', organizationId: org.id, status: 'active', diagnosis: NOTE })).status).toBe(500);
    } finally {
      removeFault();
    }
  } finally {
    output.restore();
    published.restore();
  }
});

describe('log lines of the routes that carry client data', () => {
  it('were written, one per request, each with its route and request id', () => {
    const lines = output.lines();
    const answered = lines.filter((l) => l.message === 'answered');
    expect(answered.length).toBeGreaterThanOrEqual(14);
    for (const line of answered) {
      expect(line.route).toMatch(/^[a-z-]+\/[a-z-]+$/);
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(answered.map((l) => l.route)).toEqual(
      expect.arrayContaining(['clients/create-client', 'clients/update-client', 'goals/create-goal', 'sessions/save-session-note', 'sessions/save-session-progress', 'notes/generate-progress-note', 'auth/login']),
    );
    // Signed-in requests name the account and user by id.
    const created = answered.find((l) => l.route === 'clients/create-client' && l.status === 201)!;
    expect(created).toMatchObject({ accountId, userId, level: 'DEBUG', service: 'caseload' });
  });

  it('log the 500 with its error class and stack frames, not its message', () => {
    const failure = output.lines().find((l) => l.message === 'unhandled')!;
    expect(failure).toMatchObject({ level: 'ERROR', route: 'clients/update-client', accountId, userId, error: { name: 'UnexpectedFault' } });
    expect(failure.error.stack).toMatch(/^at /);
    expect(JSON.stringify(failure)).not.toContain('could not store');
  });

  it('hold no name, note text or e-mail, nor do the metrics', () => {
    const everything = `${output.text()}\n${JSON.stringify(published.documents)}`;
    expect(everything.length).toBeGreaterThan(1000);
    for (const text of forbidden) expect(everything).not.toContain(text);
    expect(everything.toLowerCase()).not.toContain(marker.toLowerCase());
  });
});
