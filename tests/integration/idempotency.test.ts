import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';

/**
 * A create sent again after a network timeout, with the same Idempotency-Key, must not create a
 * second record: the same key and body answer the first result, another body 422.
 */

let owner: Awaited<ReturnType<typeof signUpOwner>>;
let orgId: string;
beforeAll(async () => {
  owner = await signUpOwner();
  orgId = (await owner.agent.post('/api/organizations', { name: 'Idem School' })).body.id;
});

const withKey = (agent: Agent, path: string, body: unknown, key: string) => agent.request('POST', path, body, { 'idempotency-key': key });
const clientBody = (firstName: string) => ({ firstName, lastInitial: 'R', organizationId: orgId, status: 'active' });
const countClients = async (agent: Agent, firstName: string) =>
  ((await agent.get('/api/clients')).body as { firstName: string }[]).filter((c) => c.firstName === firstName).length;

describe('Idempotency-Key on creates', () => {
  it('marks every create route of the manifest', () => {
    const creates = routeList.filter((r) => r.idempotent).map((r) => r.name);
    for (const name of ['createClient', 'createSession', 'createGoal', 'generateProgressNote', 'createOrganization', 'createUser']) expect(creates).toContain(name);
  });

  it('answers a retried create with the first result and creates one record', async () => {
    const key = randomUUID();
    const first = await withKey(owner.agent, '/api/clients', clientBody('Retry'), key);
    const again = await withKey(owner.agent, '/api/clients', clientBody('Retry'), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countClients(owner.agent, 'Retry')).toBe(1);
  });

  it('refuses the same key with another body with 422', async () => {
    const key = randomUUID();
    expect((await withKey(owner.agent, '/api/clients', clientBody('First'), key)).status).toBe(201);
    const other = await withKey(owner.agent, '/api/clients', clientBody('Other'), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used with a different request');
    expect(await countClients(owner.agent, 'Other')).toBe(0);
  });

  it('creates one record from parallel requests with one key', async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => withKey(owner.agent, '/api/clients', clientBody('Parallel'), key)));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(results.some((r) => r.status === 201)).toBe(true);
    expect(await countClients(owner.agent, 'Parallel')).toBe(1);
  });

  it('does not remember a failure: the corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const bad = await withKey(owner.agent, '/api/goals', { clientId: randomUUID(), name: 'G', type: 'articulation', description: '<p>d</p>', targetCriteria: '80%' }, key);
    expect(bad.status).toBe(404);
    const client = (await owner.agent.post('/api/clients', clientBody('Goalie'))).body;
    const goal = { clientId: client.id, name: 'G', type: 'articulation', description: '<p>d</p>', targetCriteria: '80%' };
    // The same key with the corrected body: the failure left nothing behind to compare against.
    const ok = await withKey(owner.agent, '/api/goals', goal, key);
    expect(ok.status).toBe(201);
    const replay = await withKey(owner.agent, '/api/goals', goal, key);
    expect(replay.body.id).toBe(ok.body.id);
    expect(((await owner.agent.get(`/api/goals?clientId=${client.id}`)).body as unknown[]).length).toBe(1);
  });

  it('replays sessions and notes too', async () => {
    const client = (await owner.agent.post('/api/clients', clientBody('Sessy'))).body;
    const session = { type: 'therapy', clientIds: [client.id], scheduledAt: new Date(Date.now() - 86400_000).toISOString(), duration: 30 };
    const key = randomUUID();
    const s1 = await withKey(owner.agent, '/api/sessions', session, key);
    const s2 = await withKey(owner.agent, '/api/sessions', session, key);
    expect(s1.status).toBe(201);
    expect(s2.body.id).toBe(s1.body.id);

    const today = new Date().toISOString().slice(0, 10);
    const period = { reportingPeriodStart: new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10), reportingPeriodEnd: today };
    const noteKey = randomUUID();
    const n1 = await withKey(owner.agent, `/api/clients/${client.id}/generate-progress-note`, period, noteKey);
    const n2 = await withKey(owner.agent, `/api/clients/${client.id}/generate-progress-note`, period, noteKey);
    expect(n1.status).toBeLessThan(300);
    expect(n2.status).toBe(n1.status);
    expect(n2.body.id).toBe(n1.body.id);
  });

  it('keeps keys apart between users and accounts', async () => {
    const other = await signUpOwner();
    const otherOrg = (await other.agent.post('/api/organizations', { name: 'Elsewhere' })).body.id;
    const key = randomUUID();
    const mine = await withKey(owner.agent, '/api/clients', clientBody('Shared'), key);
    const theirs = await withKey(other.agent, '/api/clients', { ...clientBody('Shared'), organizationId: otherOrg }, key);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('works without a key, and refuses a malformed one', async () => {
    expect((await owner.agent.post('/api/clients', clientBody('Nokey'))).status).toBe(201);
    expect((await owner.agent.post('/api/clients', clientBody('Nokey'))).status).toBe(201);
    expect(await countClients(owner.agent, 'Nokey')).toBe(2);
    const bad = await withKey(owner.agent, '/api/clients', clientBody('Badkey'), 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Idempotency-Key must be 1 to 100 printable characters');
  });
});
