import { generate, generateSecret } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { testClock } from '../../packages/core/src/clock.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';

const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function enableTwoFactor(agent: Agent) {
  const setup = await agent.post('/api/2fa/setup');
  expect(setup.status).toBe(200);
  expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*><path /);
  const secret = setup.body.manualKey.replace(/\s+/g, '');
  expect(secret).toBe(setup.body.secret);
  const enabled = await agent.post('/api/2fa/enable', { secret, token: await codeFor(secret) });
  expect(enabled.status).toBe(200);
  return secret;
}

afterEach(() => testClock.reset());

describe('lockout', () => {
  it('counts 50 parallel wrong passwords atomically: exactly 10 failures, then 429 with remainingTime', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    const results = await Promise.all(Array.from({ length: 50 }, () => agent.post('/api/login', { username: email, password: 'Wrong-password-1!' })));
    const unauthorized = results.filter((r) => r.status === 401);
    const locked = results.filter((r) => r.status === 429);
    expect(unauthorized).toHaveLength(9);
    expect(locked).toHaveLength(41);
    expect(unauthorized.map((r) => r.body.failedAttempts).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(locked[0]!.body.remainingTime).toBeGreaterThan(0);
    expect(locked[0]!.body.remainingTime).toBeLessThanOrEqual(15 * 60);
    // Even the right password is refused while locked.
    const right = await agent.post('/api/login', { username: email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes and \d+ seconds\.$/);
    // The lock ends after 15 minutes and the count starts afresh.
    testClock.advance(15 * 60 * 1000 + 1000);
    expect((await agent.post('/api/login', { username: email, password: PASSWORD })).status).toBe(200);
  });

  it('answers an unknown e-mail with the same shapes as a real one', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    const known = await agent.post('/api/login', { username: email, password: 'Wrong-password-1!' });
    const unknown = await agent.post('/api/login', { username: `nobody-${crypto.randomUUID()}@x.test`, password: 'Wrong-password-1!' });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.failedAttempts).toBe(1);
    expect(unknown.body.message).toBe(known.body.message);
  });

  it('resets the count after a successful sign-in', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    for (let i = 0; i < 3; i++) await agent.post('/api/login', { username: email, password: 'Wrong-password-1!' });
    await signIn(email);
    const after = await agent.post('/api/login', { username: email, password: 'Wrong-password-1!' });
    expect(after.body.failedAttempts).toBe(1);
  });
});

describe('login sessions', () => {
  it('ends a session idle for more than 30 minutes with X-Session-Expired', async () => {
    const { agent } = await signUpOwner();
    testClock.advance(29 * 60 * 1000);
    expect((await agent.get('/api/user')).status).toBe(200);
    testClock.advance(29 * 60 * 1000); // active 29 minutes ago: still alive
    expect((await agent.get('/api/user')).status).toBe(200);
    testClock.advance(31 * 60 * 1000);
    const expired = await agent.get('/api/user');
    expect(expired.status).toBe(401);
    expect(expired.headers['X-Session-Expired']).toBe('true');
  });

  it("ends a session idle past the account's idleMinutes, and keeps one used within it (part 4 §2)", async () => {
    const { agent } = await signUpOwner();
    const account = (await agent.get('/api/account')).body as { name: string; timeZone: string; idleMinutes: number };
    expect(account.idleMinutes).toBe(30);
    expect((await agent.get('/api/user')).body.idleMinutes).toBe(30);
    for (const idleMinutes of [4, 61, 10.5, '10']) {
      const refused = await agent.put('/api/account', { name: account.name, timeZone: account.timeZone, idleMinutes });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Choose between 5 and 60 minutes');
    }
    const saved = await agent.put('/api/account', { name: account.name, timeZone: account.timeZone, idleMinutes: 10 });
    expect(saved.status).toBe(200);
    expect(saved.body.idleMinutes).toBe(10);
    // Saving the other settings without it leaves it as it is.
    expect((await agent.put('/api/account', { name: account.name, timeZone: account.timeZone })).body.idleMinutes).toBe(10);

    // A session signed in before the change takes the new limit at its next touch (a minute apart at most).
    testClock.advance(2 * 60 * 1000);
    expect((await agent.get('/api/user')).status).toBe(200);
    testClock.advance(9 * 60 * 1000); // used 9 minutes ago: within 10
    expect((await agent.get('/api/user')).status).toBe(200);
    testClock.advance(10 * 60 * 1000 + 1000); // 10 minutes and a second without use
    const expired = await agent.get('/api/user');
    expect(expired.status).toBe(401);
    expect(expired.headers['X-Session-Expired']).toBe('true');

    // A new sign-in starts with the account's limit at once.
    const { agent: other } = await signUpOwner();
    const otherAccount = (await other.get('/api/account')).body as { name: string; timeZone: string };
    expect((await other.put('/api/account', { ...otherAccount, idleMinutes: 5 })).status).toBe(200);
    const { agent: fresh } = await signIn((await other.get('/api/user')).body.email as string);
    testClock.advance(5 * 60 * 1000 + 1000);
    expect((await fresh.get('/api/user')).status).toBe(401);
  });

  it('ends a session after 12 hours however active it is', async () => {
    const { agent } = await signUpOwner();
    for (let i = 0; i < 12 * 3; i++) {
      testClock.advance(20 * 60 * 1000);
      await agent.get('/api/user');
    }
    testClock.advance(1000);
    const res = await agent.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers['X-Session-Expired']).toBe('true');
  });

  it('refuses a foreign Origin even with a valid session', async () => {
    const { agent } = await signUpOwner();
    const res = await agent.request('POST', '/api/2fa/setup', {}, { origin: 'https://attacker.example' });
    expect(res.status).toBe(403);
  });
});

describe('two-factor authentication', () => {
  it('requires the code after the password, refuses a replayed code, and signs in with a fresh session', async () => {
    const { agent, email } = await signUpOwner();
    const secret = await enableTwoFactor(agent);
    expect((await agent.get('/api/user')).body.twoFactorEnabled).toBe(true);

    const browser = new Agent();
    const login = await browser.post('/api/login', { username: email, password: PASSWORD });
    expect(login.body).toEqual({ requiresTwoFactor: true });
    // A pending sign-in is not a session.
    expect((await browser.get('/api/user')).status).toBe(401);
    const pendingCookie = browser.jar.get('caseload_session');

    const code = await codeFor(secret, 1);
    const ok = await browser.post('/api/2fa/verify', { token: code, rememberDevice: false });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(email);
    expect(browser.jar.get('caseload_session')).not.toBe(pendingCookie);
    expect((await browser.get('/api/user')).status).toBe(200);

    // The same code again, in a new pending sign-in: refused.
    const other = new Agent();
    await other.post('/api/login', { username: email, password: PASSWORD });
    const replay = await other.post('/api/2fa/verify', { token: code, rememberDevice: false });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Invalid 2FA code. Please try again.');
  });

  it('limits wrong codes for one pending sign-in', async () => {
    const { agent, email } = await signUpOwner();
    await enableTwoFactor(agent);
    const browser = new Agent();
    await browser.post('/api/login', { username: email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browser.post('/api/2fa/verify', { token: '000000', rememberDevice: false })).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    expect(statuses[5]).toBe(401);
  });

  it('enables only with a valid code for the server-held secret', async () => {
    const { agent } = await signUpOwner();
    const setup = await agent.post('/api/2fa/setup');
    const foreign = generateSecret();
    expect((await agent.post('/api/2fa/enable', { secret: foreign, token: await codeFor(foreign) })).status).toBe(400);
    expect((await agent.post('/api/2fa/enable', { secret: setup.body.secret, token: '12345' })).status).toBe(400);
    expect((await agent.get('/api/user')).body.twoFactorEnabled).toBe(false);
  });

  it('remembers a device for 14 days, lists it, and removing it brings the code back', async () => {
    const { agent, email } = await signUpOwner();
    const secret = await enableTwoFactor(agent);
    const browser = new Agent({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36' });
    await browser.post('/api/login', { username: email, password: PASSWORD });
    const verified = await browser.post('/api/2fa/verify', { token: await codeFor(secret, 1), rememberDevice: true });
    expect(verified.status).toBe(200);
    expect(verified.cookies.find((c) => c.startsWith('caseload_device='))).toMatch(/Max-Age=1209600; HttpOnly/);

    await browser.post('/api/logout');
    const again = await browser.post('/api/login', { username: email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.email).toBe(email);

    const devices = await browser.get('/api/trusted-devices');
    expect(devices.body).toHaveLength(1);
    expect(devices.body[0]).toMatchObject({ deviceName: 'Chrome on Windows', ipAddress: '127.0.0.1' });
    expect(Object.keys(devices.body[0]).sort()).toEqual(['deviceName', 'expiresAt', 'id', 'ipAddress', 'lastUsedAt']);

    expect((await browser.delete(`/api/trusted-devices/${devices.body[0].id}`)).status).toBe(200);
    expect((await browser.delete(`/api/trusted-devices/${devices.body[0].id}`)).status).toBe(404);
    await browser.post('/api/logout');
    expect((await browser.post('/api/login', { username: email, password: PASSWORD })).body).toEqual({ requiresTwoFactor: true });
  });

  it('disables only with the current password, ending trusted devices', async () => {
    const { agent, email } = await signUpOwner();
    const secret = await enableTwoFactor(agent);
    const browser = new Agent();
    await browser.post('/api/login', { username: email, password: PASSWORD });
    await browser.post('/api/2fa/verify', { token: await codeFor(secret, 1), rememberDevice: true });

    const wrong = await agent.post('/api/2fa/disable', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid password. Please try again.');
    expect((await agent.post('/api/2fa/disable', { password: PASSWORD })).status).toBe(200);
    expect((await agent.get('/api/user')).body.twoFactorEnabled).toBe(false);
    expect((await agent.get('/api/trusted-devices')).body).toEqual([]);
    // The other browser's session ended with the change.
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('never shows another user a device, and never answers secrets', async () => {
    const a = await signUpOwner();
    const b = await signUpOwner();
    await enableTwoFactor(a.agent);
    const me = await a.agent.get('/api/user');
    expect(JSON.stringify(me.body)).not.toMatch(/secret|hash|Step/i);
    expect((await b.agent.get('/api/trusted-devices')).body).toEqual([]);
    expect((await b.agent.delete(`/api/trusted-devices/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
