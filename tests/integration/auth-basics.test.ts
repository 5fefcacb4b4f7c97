import { describe, expect, it } from 'vitest';
import { Agent } from '../support/api.ts';
import { PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';

describe('registration and sign-in', () => {
  it('registers an owner with every permission, signs in, answers /api/user without secrets, and signs out', async () => {
    const { agent, user, email } = await signUpOwner({ email: `Mixed.Case-${crypto.randomUUID()}@District.Test` });
    expect(user).toMatchObject({ email: email.toLowerCase(), userType: 'owner', role: 'slp', twoFactorEnabled: false, accountName: 'Maple District' });
    expect(Object.values(user.permissions).filter((v) => v === true)).toHaveLength(13);
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const text = JSON.stringify(me.body);
    expect(text).not.toMatch(/passwordHash|scrypt|twoFactorSecret|PK|SK/);
    expect((await agent.post('/api/logout')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);

    const again = await signIn(email.toUpperCase());
    expect(again.user.id).toBe(user.id);
  });

  it('sets an HttpOnly, SameSite cookie and issues a new token at every sign-in', async () => {
    const { email, agent } = await signUpOwner();
    const first = agent.jar.get('caseload_session');
    const second = new Agent();
    const res = await second.post('/api/login', { username: email, password: PASSWORD });
    expect(res.cookies[0]).toMatch(/^caseload_session=.*HttpOnly/);
    expect(res.cookies[0]).toMatch(/SameSite=Strict/);
    expect(second.jar.get('caseload_session')).not.toBe(first);
    // Beside it, the hint the app reads (no secret, so not HttpOnly), for as long as the session; sign-out clears both.
    const hint = res.cookies.find((c) => c.startsWith('caseload_signed_in='))!;
    expect(hint).toMatch(/^caseload_signed_in=1; Path=\/; Max-Age=\d+; SameSite=Strict/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint.match(/Max-Age=(\d+)/)![1]).toBe(res.cookies[0]!.match(/Max-Age=(\d+)/)![1]);
    const out = await second.post('/api/logout');
    expect(out.cookies.filter((c) => /Max-Age=0/.test(c)).map((c) => c.split('=')[0]).sort()).toEqual(['caseload_session', 'caseload_signed_in']);
  });

  it('refuses a second account with the same e-mail (409) and bad registration input with the spec messages', async () => {
    const { email } = await signUpOwner();
    const dup = await new Agent().post('/api/register', { email, password: PASSWORD, firstName: 'A', lastName: 'B', accountName: 'X', role: 'slp' });
    expect(dup.status).toBe(409);
    const weak = await new Agent().post('/api/register', { email: 'new@x.test', password: 'short', firstName: '', lastName: 'B', accountName: '', role: 'slp' });
    expect(weak.status).toBe(400);
    const messages = weak.body.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Password must be at least 12 characters long', 'Password must contain at least one uppercase letter', 'First name is required', 'Organization name is required']),
    );
  });
});
