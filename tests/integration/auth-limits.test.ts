import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { nowSeconds, testClock } from '../../packages/core/src/clock.ts';
import { claimAttempt, LOCK_SECONDS, MAX_REAUTH_FAILURES, settleFailure, settleSuccess } from '../../packages/core/src/auth/lockout.ts';
import { HASH_QUEUE_LIMIT, MAX_CONCURRENT_HASHES, passwordChecks, withHashSlot } from '../../packages/core/src/auth/passwords.ts';
import { normalizeEmail } from '../../packages/core/src/keys.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';

/**
 * Sign-in limits under parallel requests: every attempt is claimed by a conditional write before
 * the password or code is checked, so a burst is refused at the limit instead of evaluated.
 */

const WRONG = 'Wrong-password-1!';
/** A code for the server's clock (tests move it), `steps` 30-second steps ahead. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

async function withTwoFactor() {
  const owner = await signUpOwner();
  const setup = await owner.agent.post('/api/2fa/setup');
  const secret = setup.body.secret as string;
  expect((await owner.agent.post('/api/2fa/enable', { secret, token: await codeAt(secret) })).status).toBe(200);
  return { ...owner, secret };
}

async function pendingSignIn(email: string) {
  const browser = new Agent();
  expect((await browser.post('/api/login', { username: email, password: PASSWORD })).body).toEqual({ requiresTwoFactor: true });
  return browser;
}

afterEach(() => testClock.reset());

describe('password lockout under parallel requests', () => {
  it('evaluates at most 10 of 40 parallel wrong passwords; the rest get 429 without hashing', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    const before = passwordChecks();
    const results = await Promise.all(Array.from({ length: 40 }, () => agent.post('/api/login', { username: email, password: WRONG })));
    expect(passwordChecks() - before).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 401)).toHaveLength(9);
    expect(results.filter((r) => r.status === 429)).toHaveLength(31);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.remainingTime > 0)).toBe(true);
    // Locked: the right password is refused, and refusing it costs no hash.
    const afterBurst = passwordChecks();
    expect((await agent.post('/api/login', { username: email, password: PASSWORD })).status).toBe(429);
    expect(passwordChecks()).toBe(afterBurst);
  });

  it('lets no password through once 10 attempts are claimed, the right one included', async () => {
    const { email } = await signUpOwner();
    const agent = new Agent();
    for (let i = 0; i < 9; i++) expect((await agent.post('/api/login', { username: email, password: WRONG })).status).toBe(401);
    const before = passwordChecks();
    // One attempt is left: of a burst of 20, exactly one is evaluated.
    const burst = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/login', { username: email, password: WRONG })));
    expect(passwordChecks() - before).toBe(1);
    expect(burst.every((r) => r.status === 429)).toBe(true);
    expect((await agent.post('/api/login', { username: email, password: PASSWORD })).status).toBe(429);
  });

  it('a success clears only the failures it saw, not those counted after it', async () => {
    const email = normalizeEmail(`race-${crypto.randomUUID()}@district.test`);
    const right = await claimAttempt(email);
    const wrong1 = await claimAttempt(email);
    const wrong2 = await claimAttempt(email);
    expect([right.seen, wrong1.seen, wrong2.seen]).toEqual([1, 2, 3]);
    await settleSuccess(right);
    await settleFailure(wrong1);
    await settleFailure(wrong2);
    // The two failures counted after the success's claim remain.
    expect((await claimAttempt(email)).seen).toBe(3);
  });

  it('counts wrong passwords at /api/2fa/disable on a limit of its own: 15 of them never lock the owner\'s sign-in', async () => {
    const { agent, email } = await withTwoFactor();
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) answers.push((await agent.post('/api/2fa/disable', { password: WRONG })).status);
    // Its own limit: MAX_REAUTH_FAILURES wrong passwords answer 400 (the last one locks), then 429.
    expect(answers.slice(0, MAX_REAUTH_FAILURES - 1)).toEqual(Array(MAX_REAUTH_FAILURES - 1).fill(400));
    expect(answers.slice(MAX_REAUTH_FAILURES - 1)).toEqual(Array(15 - MAX_REAUTH_FAILURES + 1).fill(429));
    const locked = await agent.post('/api/2fa/disable', { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes and \d+ seconds\.$/);
    expect((await agent.get('/api/user')).body.twoFactorEnabled).toBe(true);
    // The owner's sign-in was never counted: the right password still reaches the second step.
    expect((await new Agent().post('/api/login', { username: email, password: PASSWORD })).body).toEqual({ requiresTwoFactor: true });
  });

  it('answers a wrong password at /api/2fa/disable with 400 and lets the right one through before the limit', async () => {
    const { agent } = await withTwoFactor();
    const wrong = await agent.post('/api/2fa/disable', { password: WRONG });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid password. Please try again.');
    expect((await agent.post('/api/2fa/disable', { password: PASSWORD })).status).toBe(200);
    expect((await agent.get('/api/user')).body.twoFactorEnabled).toBe(false);
  });

  it('lifts the 2FA-disable lock after its time, like the sign-in lock', async () => {
    const { agent } = await withTwoFactor();
    for (let i = 0; i < MAX_REAUTH_FAILURES; i++) await agent.post('/api/2fa/disable', { password: WRONG });
    expect((await agent.post('/api/2fa/disable', { password: PASSWORD })).status).toBe(429);
    testClock.advance((LOCK_SECONDS + 1) * 1000);
    expect((await agent.post('/api/2fa/disable', { password: PASSWORD })).status).toBe(200);
  });
});

describe('password hashing is bounded per process', () => {
  it('answers 503 with Retry-After when every hashing slot and queue place is taken, and other requests still answer', async () => {
    const { agent, email } = await signUpOwner();
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    const held = Array.from({ length: MAX_CONCURRENT_HASHES + HASH_QUEUE_LIMIT }, () => withHashSlot(() => gate));
    try {
      const busy = await new Agent().post('/api/login', { username: email, password: PASSWORD });
      expect(busy.status).toBe(503);
      expect(busy.headers['Retry-After']).toBe('1');
      expect(busy.body.message).toBe('Too many sign-ins at once. Please try again in a moment.');
      expect((await agent.get('/api/user')).status).toBe(200);
    } finally {
      release();
      await Promise.all(held);
    }
    // The refused attempt was given back: it did not count as a failure.
    const ok = await new Agent().post('/api/login', { username: email, password: PASSWORD });
    expect(ok.status).toBe(200);
    const wrong = await new Agent().post('/api/login', { username: email, password: WRONG });
    expect(wrong.body.failedAttempts).toBe(1);
  });
});

describe('two-factor codes under parallel requests', () => {
  it('evaluates at most 5 of 300 parallel codes for one pending sign-in', async () => {
    const { email, secret } = await withTwoFactor();
    const browser = await pendingSignIn(email);
    const right = await codeAt(secret, 1);
    const codes = Array.from({ length: 300 }, (_, i) => (i === 40 ? right : String(100000 + i)));
    const results = await Promise.all(codes.map((token) => browser.post('/api/2fa/verify', { token, rememberDevice: false })));
    const evaluated = results.filter((r) => r.status !== 429 && r.body.message !== 'Sign in again');
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('allows 10 wrong codes per user per 15 minutes, whatever new sign-ins happen', async () => {
    const { email, secret } = await withTwoFactor();
    for (let round = 0; round < 2; round++) {
      const browser = await pendingSignIn(email);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await browser.post('/api/2fa/verify', { token: '000000', rememberDevice: false })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    }
    // A third sign-in, with the right code: refused until the window has passed.
    const third = await pendingSignIn(email);
    const refused = await third.post('/api/2fa/verify', { token: await codeAt(secret, 1), rememberDevice: false });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes and \d+ seconds\.$/);

    testClock.advance(15 * 60 * 1000 + 1000);
    const later = await pendingSignIn(email);
    expect((await later.post('/api/2fa/verify', { token: await codeAt(secret, 1), rememberDevice: false })).status).toBe(200);
  });
});

describe('changing the second factor', () => {
  it('needs the current password or a current code while 2FA is on', async () => {
    const { agent, secret } = await withTwoFactor();
    const bare = await agent.post('/api/2fa/setup');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Enter your current password to change two-factor authentication');
    expect((await agent.post('/api/2fa/setup', { password: WRONG })).status).toBe(400);
    expect((await agent.post('/api/2fa/setup', { token: '000000' })).status).toBe(400);
    expect((await agent.post('/api/2fa/setup', { token: await codeAt(secret, 1) })).status).toBe(200);
    expect((await agent.post('/api/2fa/setup', { password: PASSWORD })).status).toBe(200);
  });

  it('ends other sessions and trusted devices when the secret is replaced', async () => {
    const { agent, email, secret } = await withTwoFactor();
    const other = await pendingSignIn(email);
    expect((await other.post('/api/2fa/verify', { token: await codeAt(secret, 1), rememberDevice: true })).status).toBe(200);
    expect((await agent.get('/api/trusted-devices')).body).toHaveLength(1);

    const setup = await agent.post('/api/2fa/setup', { password: PASSWORD });
    const next = setup.body.secret as string;
    expect((await agent.post('/api/2fa/enable', { secret: next, token: await codeAt(next) })).status).toBe(200);

    expect((await other.get('/api/user')).status).toBe(401);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await agent.get('/api/trusted-devices')).body).toEqual([]);
    // The old secret no longer signs in.
    const browser = await pendingSignIn(email);
    expect((await browser.post('/api/2fa/verify', { token: await codeAt(secret, 1), rememberDevice: false })).status).toBe(401);
  });
});
