import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { addGoal, clinicianPermissions, expectStatus, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

let owner: Agent;
let other: Agent;
let limited: Agent;
let noReports: Agent;
let a1: ClientItem;
let b1: ClientItem;
const points: Record<string, { sessionId: string; goalId: string; at: string }> = {};

/** Records one data point for the client at `at` through the API. */
async function record(name: string, client: ClientItem, at: string, successfulAttempts: number) {
  const goal = await addGoal(owner, client.id);
  const session = await schedule(owner, [client.id], at);
  expectStatus(await owner.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts, totalAttempts: 10 }), 200);
  points[name] = { sessionId: session.id, goalId: goal.id, at };
}

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  other = x.agent;
  const accountId = o.user.accountId;
  const [orgA, orgB] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  [a1, b1] = await Promise.all([putClient(accountId, { firstName: 'Ava', organizationId: orgA.id }), putClient(accountId, { firstName: 'Cleo', organizationId: orgB.id })]);
  ({ agent: limited } = await signInChild(accountId, { ...clinicianPermissions, allowedOrganizationIds: [orgA.id] }));
  ({ agent: noReports } = await signInChild(accountId, { canViewReports: false }));
  await Promise.all([
    record('beforeFrom', a1, '2031-02-28T23:59:59.999Z', 1),
    record('atFrom', a1, '2031-03-01T00:00:00.000Z', 2),
    record('otherClient', b1, '2031-03-15T10:00:00.000Z', 3),
    record('lastMs', a1, '2031-03-31T23:59:59.999Z', 4),
    record('atTo', a1, '2031-04-01T00:00:00.000Z', 5),
    record('recent', a1, new Date(Date.now() - 86_400_000).toISOString(), 6),
  ]);
});

const range = 'from=2031-03-01T00:00:00.000Z&to=2031-04-01T00:00:00.000Z';
const successes = (body: { successfulAttempts: number }[]) => body.map((p) => p.successfulAttempts);

describe('progress data points', () => {
  it('answers the points recorded in [from, to), oldest first, for the whole account', async () => {
    const body = expectStatus(await owner.get(`/api/progress?${range}`), 200);
    expect(successes(body)).toEqual([2, 3, 4]);
    expect(body[0]).toEqual({
      id: `${points.atFrom!.sessionId}:${points.atFrom!.goalId}`,
      goalId: points.atFrom!.goalId,
      clientId: a1.id,
      sessionId: points.atFrom!.sessionId,
      successfulAttempts: 2,
      totalAttempts: 10,
      recordedAt: '2031-03-01T00:00:00.000Z',
    });
  });

  it('narrows to one client', async () => {
    expect(successes(expectStatus(await owner.get(`/api/progress?${range}&clientId=${a1.id}`), 200))).toEqual([2, 4]);
    expect(successes(expectStatus(await owner.get(`/api/progress?${range}&clientId=${b1.id}`), 200))).toEqual([3]);
  });

  it('reads 90 days back and ahead without a range', async () => {
    expect(successes(expectStatus(await owner.get('/api/progress'), 200))).toEqual([6]);
  });

  it('shows a limited user only the clients inside their organizations', async () => {
    expect(successes(expectStatus(await limited.get(`/api/progress?${range}`), 200))).toEqual([2, 4]);
    expect((await limited.get(`/api/progress?${range}&clientId=${b1.id}`)).status).toBe(404);
  });

  it('needs canViewReports, keeps accounts apart, and validates the range', async () => {
    expect((await noReports.get(`/api/progress?${range}`)).status).toBe(403);
    expect(expectStatus(await other.get(`/api/progress?${range}`), 200)).toEqual([]);
    expect((await other.get(`/api/progress?${range}&clientId=${a1.id}`)).status).toBe(404);
    expect((await owner.get('/api/progress?from=2031-04-01T00:00:00.000Z&to=2031-03-01T00:00:00.000Z')).body.message).toBe('from must be before to');
    expect((await owner.get('/api/progress?from=yesterday')).status).toBe(400);
  });
});
