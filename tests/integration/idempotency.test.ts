import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routeList, type RouteName } from '../../packages/contract/src/manifest.ts';
import { db } from '../../packages/core/src/db.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';

/**
 * A create sent again after a network timeout, with the same Idempotency-Key, must not create a
 * second record: the same key and request answer the first result, another request 422, a retry
 * while the first still runs 409; failures are not remembered.
 */

let owner: Awaited<ReturnType<typeof signUpOwner>>;
let orgId: string;
beforeAll(async () => {
  owner = await signUpOwner();
  orgId = (await owner.agent.post('/api/organizations', { name: 'Idem School' })).body.id;
});
afterAll(() => whenJobsIdle());

const withKey = (agent: Agent, path: string, body: unknown, key: string) => agent.request('POST', path, body, { 'idempotency-key': key });
const clientBody = (firstName: string) => ({ firstName, lastInitial: 'R', organizationId: orgId, status: 'active' });
const countClients = async (agent: Agent, firstName: string) =>
  ((await agent.get('/api/clients')).body as { firstName: string }[]).filter((c) => c.firstName === firstName).length;
const newClient = async (firstName: string) => (await owner.agent.post('/api/clients', clientBody(firstName))).body as { id: string };
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const lastMonth = () => ({ reportingPeriodStart: daysAgo(30), reportingPeriodEnd: today() });

/** Runs every DynamoDB command of the shared client through `around` (by its low-level name) until removed. */
function intercept(around: (command: string, input: unknown) => Promise<void> | void): () => void {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      await around(String(context.commandName), args.input);
      return next(args);
    },
    { step: 'initialize', name: 'idempotencyTestInterceptor', override: true },
  );
  return () => db().middlewareStack.remove('idempotencyTestInterceptor');
}
const named = (name: string) => Object.assign(new Error(name), { name });

let removeInterceptor: (() => void) | undefined;
afterEach(() => {
  removeInterceptor?.();
  removeInterceptor = undefined;
});

/** Each create route: a request to send twice, and how many records it left. */
interface CreateCase {
  path: string;
  body: unknown;
  status: number;
  count: () => Promise<number>;
  /** What happens between the first request and its retry. */
  meanwhile?: () => Promise<void>;
}

const createCases: Record<string, () => Promise<CreateCase>> = {
  createOrganization: async () => {
    const name = `Org ${randomUUID()}`;
    return {
      path: '/api/organizations',
      body: { name },
      status: 201,
      count: async () => ((await owner.agent.get('/api/organizations')).body as { name: string }[]).filter((o) => o.name === name).length,
    };
  },
  createClient: async () => {
    const firstName = `C${randomUUID().slice(0, 8)}`;
    return { path: '/api/clients', body: clientBody(firstName), status: 201, count: () => countClients(owner.agent, firstName) };
  },
  createUser: async () => {
    const email = `user-${randomUUID()}@district.test`;
    return {
      path: '/api/users',
      body: { user: { firstName: 'Uma', lastName: 'User', email, password: owner.password, role: 'assistant' }, permissions: {} },
      status: 201,
      count: async () => ((await owner.agent.get('/api/users')).body as { email: string }[]).filter((u) => u.email === email).length,
    };
  },
  createSession: async () => {
    const client = await newClient('Sessy');
    return {
      path: '/api/sessions',
      body: { type: 'therapy', clientIds: [client.id], scheduledAt: new Date(Date.now() - 86_400_000).toISOString(), duration: 30 },
      status: 201,
      count: async () =>
        ((await owner.agent.get('/api/sessions')).body as { participants: { id: string }[] }[]).filter((s) => s.participants.some((p) => p.id === client.id)).length,
    };
  },
  addParticipant: async () => {
    const [first, second] = [await newClient('Pam'), await newClient('Pat')];
    const session = (await owner.agent.post('/api/sessions', { type: 'therapy', clientIds: [first.id], scheduledAt: new Date().toISOString(), duration: 30 })).body;
    return {
      path: `/api/sessions/${session.id}/participants`,
      body: { clientId: second.id },
      status: 200,
      count: async () => ((await owner.agent.get(`/api/sessions/${session.id}`)).body as { participants: { id: string }[] }).participants.filter((p) => p.id === second.id).length,
    };
  },
  createGoal: async () => {
    const client = await newClient('Goalie');
    return {
      path: '/api/goals',
      body: { clientId: client.id, name: 'Final /s/', type: 'articulation', description: '<p>d</p>', targetCriteria: '80%' },
      status: 201,
      count: async () => ((await owner.agent.get(`/api/goals?clientId=${client.id}`)).body as unknown[]).length,
    };
  },
  generateProgressNote: async () => {
    const client = await newClient('Noted');
    return {
      path: `/api/clients/${client.id}/generate-progress-note`,
      body: lastMonth(),
      status: 201,
      count: async () => ((await owner.agent.get(`/api/clients/${client.id}/progress-notes`)).body as unknown[]).length,
    };
  },
  createIep: async () => {
    const client = await newClient('Iepy');
    return {
      path: `/api/clients/${client.id}/ieps`,
      body: { startDate: '2026-09-01', endDate: '2027-06-30', serviceMinutes: 60, servicePer: 'week' },
      status: 201,
      count: async () => ((await owner.agent.get(`/api/clients/${client.id}/ieps`)).body as unknown[]).length,
    };
  },
  createSessionSeries: async () => {
    const client = await newClient('Weekly');
    return {
      path: '/api/session-series',
      body: { clientIds: [client.id], weekdays: [1], time: '10:00', duration: 30, startsOn: '2026-09-07', until: '2026-09-28' },
      status: 201,
      // Series made: the distinct series among the client's sessions of those four Mondays.
      count: async () => {
        const sessions = (await owner.agent.get('/api/sessions?from=2026-09-07T00:00:00Z&to=2026-09-29T00:00:00Z')).body as { seriesId?: string; participants: { id: string }[] }[];
        return new Set(sessions.filter((x) => x.participants.some((p) => p.id === client.id)).map((x) => x.seriesId)).size;
      },
    };
  },
  addSessionAddendum: async () => {
    const client = await newClient('Signed');
    // Held yesterday and recorded as completed by its provider, who signs it.
    const held = { type: 'therapy', clientIds: [client.id], scheduledAt: new Date(Date.now() - 86_400_000).toISOString(), duration: 30 };
    const session = (await owner.agent.post('/api/sessions', held)).body;
    expect((await owner.agent.put(`/api/sessions/${session.id}`, { ...held, status: 'completed' })).status).toBe(200);
    expect((await owner.agent.post(`/api/sessions/${session.id}/sign`, { clientId: client.id })).status).toBe(200);
    return {
      path: `/api/sessions/${session.id}/addenda`,
      body: { clientId: client.id, text: 'Spoke with the teacher after the session.' },
      status: 201,
      count: async () =>
        ((await owner.agent.get(`/api/sessions/${session.id}/notes`)).body as { clientId: string; addenda: unknown[] }[]).find((n) => n.clientId === client.id)!.addenda.length,
    };
  },
  createGoalTemplate: async () => {
    const name = `Template ${randomUUID()}`;
    return {
      path: '/api/goal-bank',
      body: { name, type: 'fluency', description: '[student] will use easy onsets.', targetCriteria: '80% of opportunities' },
      status: 201,
      count: async () => ((await owner.agent.get('/api/goal-bank')).body as { name: string }[]).filter((t) => t.name === name).length,
    };
  },
  bulkGenerateProgressNotes: async () => {
    const client = await newClient('Bulky');
    return {
      path: '/api/generate-progress-notes-bulk',
      body: { clientIds: [client.id], ...lastMonth() },
      status: 202,
      // The retry comes after the job finished: it still gets the first answer, not the job's state now.
      meanwhile: whenJobsIdle,
      count: async () => ((await owner.agent.get(`/api/clients/${client.id}/progress-notes`)).body as unknown[]).length,
    };
  },
};

describe('Idempotency-Key on creates', () => {
  it('is declared on exactly the routes that create a record', () => {
    expect(routeList.filter((r) => r.idempotent).map((r) => r.name).sort()).toEqual(Object.keys(createCases).sort());
    // Public routes have no user to scope a key to; register is made unique by its e-mail.
    expect(routeList.filter((r) => r.idempotent).every((r) => r.method === 'POST' && r.auth === 'user')).toBe(true);
  });

  it.each(Object.keys(createCases) as RouteName[])('answers %s sent twice with one key with the first answer and makes one record', async (name) => {
    const c = await createCases[name]!();
    const key = randomUUID();
    const first = await withKey(owner.agent, c.path, c.body, key);
    await c.meanwhile?.();
    const again = await withKey(owner.agent, c.path, c.body, key);
    expect(first.status).toBe(c.status);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await c.count()).toBe(1);
  });

  it('refuses the same key with another body with 422', async () => {
    const key = randomUUID();
    expect((await withKey(owner.agent, '/api/clients', clientBody('First'), key)).status).toBe(201);
    const other = await withKey(owner.agent, '/api/clients', clientBody('Other'), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used with a different request');
    expect(await countClients(owner.agent, 'Other')).toBe(0);
  });

  it("refuses the same key and body on another record's path with 422, not that record's answer", async () => {
    const [ann, bob] = [await newClient('Ann'), await newClient('Bob')];
    const key = randomUUID();
    const period = lastMonth();
    const annNote = await withKey(owner.agent, `/api/clients/${ann.id}/generate-progress-note`, period, key);
    expect(annNote.status).toBe(201);
    const bobNote = await withKey(owner.agent, `/api/clients/${bob.id}/generate-progress-note`, period, key);
    expect(bobNote.status).toBe(422);
    expect(((await owner.agent.get(`/api/clients/${bob.id}/progress-notes`)).body as unknown[]).length).toBe(0);
  });

  it('answers a retry while the first request still runs with 409, and the first answer once it is done', async () => {
    let entered!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // The first request waits at its own write until the retry has been answered.
    let gated = false;
    removeInterceptor = intercept(async (command) => {
      if (command !== 'TransactWriteItemsCommand' || gated) return;
      gated = true;
      entered();
      await released;
    });
    const key = randomUUID();
    const first = withKey(owner.agent, '/api/clients', clientBody('Slow'), key);
    await reached;
    const retry = await withKey(owner.agent, '/api/clients', clientBody('Slow'), key);
    release();
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe('This request is already being processed. Please wait a moment.');
    expect(retry.headers['Retry-After']).toBe('1');
    const done = await first;
    expect(done.status).toBe(201);
    removeInterceptor();
    removeInterceptor = undefined;
    const later = await withKey(owner.agent, '/api/clients', clientBody('Slow'), key);
    expect(later.body).toEqual(done.body);
    expect(await countClients(owner.agent, 'Slow')).toBe(1);
  });

  it('creates one record from parallel requests with one key', async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => withKey(owner.agent, '/api/clients', clientBody('Parallel'), key)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const r of created) expect(r.body).toEqual(created[0]!.body);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.status).toBe(409);
    expect(await countClients(owner.agent, 'Parallel')).toBe(1);
  });

  it('does not remember a refused request (400): the corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const bad = await withKey(owner.agent, '/api/clients', { ...clientBody('Fixed'), lastInitial: '' }, key);
    expect(bad.status).toBe(400);
    const ok = await withKey(owner.agent, '/api/clients', clientBody('Fixed'), key);
    expect(ok.status).toBe(201);
    expect((await withKey(owner.agent, '/api/clients', clientBody('Fixed'), key)).body).toEqual(ok.body);
    expect(await countClients(owner.agent, 'Fixed')).toBe(1);
  });

  it('does not remember a failure inside the handler (404): the corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const goal = { name: 'G', type: 'articulation', description: '<p>d</p>', targetCriteria: '80%' };
    const bad = await withKey(owner.agent, '/api/goals', { ...goal, clientId: randomUUID() }, key);
    expect(bad.status).toBe(404);
    const client = await newClient('Missing');
    const ok = await withKey(owner.agent, '/api/goals', { ...goal, clientId: client.id }, key);
    expect(ok.status).toBe(201);
    expect((await withKey(owner.agent, '/api/goals', { ...goal, clientId: client.id }, key)).body).toEqual(ok.body);
    expect(((await owner.agent.get(`/api/goals?clientId=${client.id}`)).body as unknown[]).length).toBe(1);
  });

  it('does not remember a 503: the retry with the same key runs once the database answers', async () => {
    removeInterceptor = intercept((command) => {
      if (command === 'TransactWriteItemsCommand') throw named('ProvisionedThroughputExceededException');
    });
    const key = randomUUID();
    const busy = await withKey(owner.agent, '/api/clients', clientBody('Busy'), key);
    expect(busy.status).toBe(503);
    removeInterceptor();
    removeInterceptor = undefined;
    const ok = await withKey(owner.agent, '/api/clients', clientBody('Busy'), key);
    expect(ok.status).toBe(201);
    expect((await withKey(owner.agent, '/api/clients', clientBody('Busy'), key)).body).toEqual(ok.body);
    expect(await countClients(owner.agent, 'Busy')).toBe(1);
  });

  it('answers a create that was made even when its answer could not be remembered', async () => {
    // Only the utility's write of the answer fails (an UpdateItem in the idempotency partition).
    removeInterceptor = intercept((command, input) => {
      if (command === 'UpdateItemCommand' && JSON.stringify(input).includes('#IDEMPOTENCY')) throw named('ProvisionedThroughputExceededException');
    });
    const key = randomUUID();
    const made = await withKey(owner.agent, '/api/clients', clientBody('Unrecorded'), key);
    expect(made.status).toBe(201);
    expect(made.body.firstName).toBe('Unrecorded');
    removeInterceptor();
    removeInterceptor = undefined;
    // Its record stays "in progress" until the request's deadline: a retry meanwhile makes nothing.
    expect((await withKey(owner.agent, '/api/clients', clientBody('Unrecorded'), key)).status).toBe(409);
    expect(await countClients(owner.agent, 'Unrecorded')).toBe(1);
  });

  it('keeps keys apart between users of one account and between accounts', async () => {
    const colleague = await createChild(owner.agent, { canCreateClients: true });
    const other = await signUpOwner();
    const otherOrg = (await other.agent.post('/api/organizations', { name: 'Elsewhere' })).body.id;
    const key = randomUUID();
    const mine = await withKey(owner.agent, '/api/clients', clientBody('Shared'), key);
    const colleagues = await withKey(colleague.agent, '/api/clients', clientBody('Shared'), key);
    const theirs = await withKey(other.agent, '/api/clients', { ...clientBody('Shared'), organizationId: otherOrg }, key);
    expect([mine.status, colleagues.status, theirs.status]).toEqual([201, 201, 201]);
    expect(new Set([mine.body.id, colleagues.body.id, theirs.body.id]).size).toBe(3);
    expect(await countClients(owner.agent, 'Shared')).toBe(2);
    expect(await countClients(other.agent, 'Shared')).toBe(1);
  });

  it('works as before without a key', async () => {
    expect((await owner.agent.post('/api/clients', clientBody('Nokey'))).status).toBe(201);
    expect((await owner.agent.post('/api/clients', clientBody('Nokey'))).status).toBe(201);
    expect(await countClients(owner.agent, 'Nokey')).toBe(2);
  });

  it('takes 1 to 100 printable characters as a key and refuses anything else with 400', async () => {
    expect((await withKey(owner.agent, '/api/clients', clientBody('Spaced'), 'submit 7 of form A')).status).toBe(201);
    for (const key of ['', 'x'.repeat(101), 'clé', 'tab\there']) {
      const bad = await withKey(owner.agent, '/api/clients', clientBody('Badkey'), key);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Idempotency-Key must be 1 to 100 printable characters');
    }
    expect(await countClients(owner.agent, 'Badkey')).toBe(0);
  });
});
