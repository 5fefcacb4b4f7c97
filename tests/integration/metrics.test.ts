import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../packages/core/src/clock.ts';
import { db } from '../../packages/core/src/db.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { recordMetrics } from '../support/observed.ts';

/** The EMF metrics the handlers publish, as CloudWatch would read them. */

const published = recordMetrics();
beforeEach(() => published.clear());
afterAll(() => published.restore());

const WRONG = 'Wrong-password-1!';
const total = (name: string) => published.named(name).reduce((n, m) => n + m.value, 0);

describe('sign-in metrics', () => {
  it('counts a wrong password as LoginFailed, and the refused answer as a 4xx of the login route', async () => {
    const { email } = await signUpOwner();
    published.clear();
    expect((await new Agent().post('/api/login', { username: email, password: WRONG })).status).toBe(401);
    expect(published.named('LoginFailed')).toEqual([{ name: 'LoginFailed', unit: 'Count', value: 1, dimensions: { service: 'caseload' } }]);
    expect(published.named('Http4xx')).toEqual([{ name: 'Http4xx', unit: 'Count', value: 1, dimensions: { service: 'caseload', route: 'auth/login' } }]);
    expect(published.documents[0]!._aws.CloudWatchMetrics[0]!.Namespace).toBe('Caseload');
  });

  it('counts the lock once when it starts, then each attempt refused while it runs', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    published.clear();
    for (let i = 0; i < 10; i++) await agent.post('/api/login', { username: email, password: WRONG });
    expect(total('LoginFailed')).toBe(10);
    expect(total('Lockout')).toBe(1);
    expect(total('LockedAttemptRefused')).toBe(0);
    expect((await agent.post('/api/login', { username: email, password: PASSWORD })).status).toBe(429);
    expect(total('LockedAttemptRefused')).toBe(1);
    expect(total('Lockout')).toBe(1);
  });

  it('counts a wrong two-factor code as TwoFactorFailed', async () => {
    const owner = await signUpOwner();
    const secret = (await owner.agent.post('/api/2fa/setup')).body.secret as string;
    expect((await owner.agent.post('/api/2fa/enable', { secret, token: await generate({ secret, epoch: nowSeconds() }) })).status).toBe(200);
    const browser = new Agent();
    expect((await browser.post('/api/login', { username: owner.email, password: PASSWORD })).body).toEqual({ requiresTwoFactor: true });
    published.clear();
    const right = await generate({ secret, epoch: nowSeconds() });
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await browser.post('/api/2fa/verify', { token: wrong })).status).toBe(401);
    expect(total('TwoFactorFailed')).toBe(1);
    expect(total('LoginFailed')).toBe(0);
  });
});

describe('note and error metrics', () => {
  it('counts a generated note and the generator call time in milliseconds', async () => {
    const { agent } = await signUpOwner();
    const org = (await agent.post('/api/organizations', { name: 'Alder Elementary', type: 'school' })).body;
    const client = (await agent.post('/api/clients', { firstName: 'Ava', lastInitial: 'B', organizationId: org.id, status: 'active' })).body;
    published.clear();
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
    const res = await agent.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: monthAgo, reportingPeriodEnd: today });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(total('NoteGenerated')).toBe(1);
    const latency = published.named('NoteGenerationLatency');
    expect(latency).toHaveLength(1);
    expect(latency[0]).toMatchObject({ unit: 'Milliseconds', dimensions: { service: 'caseload' } });
    expect(latency[0]!.value).toBeGreaterThanOrEqual(0);
  });

  it('counts an unexpected fault as a 5xx of its route', async () => {
    const { agent } = await signUpOwner();
    const client = db();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (['TransactWriteItemsCommand', 'PutItemCommand'].includes(String(context.commandName))) throw Object.assign(new Error('boom'), { name: 'UnexpectedFault' });
        return next(args);
      },
      { step: 'initialize', name: 'metricsFault', override: true },
    );
    try {
      published.clear();
      expect((await agent.post('/api/organizations', { name: 'Birch Middle', type: 'school' })).status).toBe(500);
    } finally {
      client.middlewareStack.remove('metricsFault');
    }
    expect(published.named('Http5xx')).toEqual([{ name: 'Http5xx', unit: 'Count', value: 1, dimensions: { service: 'caseload', route: 'organizations/create-organization' } }]);
    expect(published.named('Http4xx')).toEqual([]);
  });
});
