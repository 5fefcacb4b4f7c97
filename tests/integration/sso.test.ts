import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_FAILED, SSO_NO_ACCESS } from '../../packages/contract/src/sso.ts';
import { recentAudit } from '../../packages/core/src/audit.ts';
import { db } from '../../packages/core/src/db.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../packages/local/src/oidc-provider.ts';

/**
 * Single sign-on (part 4 §4) end to end: the real handlers over DynamoDB Local, and a real OpenID
 * Connect provider (oidc-provider) on 127.0.0.1. The test is the browser: it follows the 302 to the
 * provider, signs in on the provider's form, and brings the provider's redirect back to the callback.
 */
const CALLBACK = 'http://localhost:3000/api/sso/callback';

let idp: TestProvider;
let userinfoIdp: TestProvider;

interface District {
  owner: Agent;
  ownerId: string;
  accountId: string;
  domain: string;
}

async function district(opts: { provider?: TestProvider; passwordSignIn?: 'everyone' | 'owner_only'; name?: string } = {}): Promise<District> {
  const domain = `sso-${randomUUID().slice(0, 8)}.test`;
  const { agent, user } = await signUpOwner({ email: `owner@${domain}`, accountName: opts.name ?? 'Maple District' });
  const provider = opts.provider ?? idp;
  const saved = await agent.put('/api/account/sso', {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    emailDomains: [domain],
    passwordSignIn: opts.passwordSignIn ?? 'everyone',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { owner: agent, ownerId: user.id, accountId: user.accountId, domain };
}

async function addUser(d: District, email: string) {
  const res = await d.owner.post('/api/users', { user: { firstName: 'Sam', lastName: 'Staff', email, password: PASSWORD, role: 'slp' }, permissions: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The browser's start: the 302 to the provider and the flow cookie it set. */
async function start(browser: Agent, email: string) {
  const res = await browser.get(`/api/sso/start?email=${encodeURIComponent(email)}`);
  expect(res.status, res.text).toBe(302);
  return { location: res.headers.Location!, flowCookie: browser.jar.get('caseload_sso')!, setCookie: res.cookies[0]! };
}

async function callback(browser: Agent, url: URL) {
  return browser.get(`${url.pathname}${url.search}`);
}

/** The whole flow for `login` at the provider, `email` typed on our login page. */
async function signInWithSso(email: string, login: string, edit?: (authorizationUrl: URL) => void) {
  const browser = new Agent();
  const started = await start(browser, email);
  const url = new URL(started.location);
  edit?.(url);
  const back = await signInAtProvider(url.href, login, CALLBACK);
  const res = await callback(browser, back);
  return { browser, res, back, flowCookie: started.flowCookie };
}

const account = (sub: string, email: string, extra: Record<string, unknown> = {}) => idp.accounts.set(sub, { email, email_verified: true, ...extra });

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [CALLBACK] });
  userinfoIdp = await startTestProvider({ redirectUris: [CALLBACK], claimsInUserinfoOnly: true });
});
afterAll(async () => {
  await Promise.all([idp?.close(), userinfoIdp?.close()]);
});

describe('single sign-on settings', () => {
  it('stores the secret sealed, never returns it, keeps it when a PUT leaves it out, and shows the redirect URI', async () => {
    const d = await district();
    const got = await d.owner.get('/api/account/sso');
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      configured: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      emailDomains: [d.domain],
      passwordSignIn: 'everyone',
      redirectUri: CALLBACK,
    });
    expect(got.text).not.toContain(idp.clientSecret);
    const item = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoConfig(d.accountId) }));
    expect(item.Item?.type).toBe('SsoConfig');
    expect(JSON.stringify(item.Item)).not.toContain(idp.clientSecret);

    const kept = await d.owner.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, emailDomains: [d.domain, `more-${d.domain}`], passwordSignIn: 'everyone' });
    expect(kept.status).toBe(200);
    expect(kept.body.hasClientSecret).toBe(true);
    expect(kept.text).not.toContain(idp.clientSecret);
    // Still signs in: the kept secret is the right one.
    const email = `kept@${d.domain}`;
    await addUser(d, email);
    account('kept', email);
    expect((await signInWithSso(email, 'kept')).res.status).toBe(302);
  });

  it('answers an account without SSO with configured: false, and a first save without a secret with 400', async () => {
    const { agent } = await signUpOwner();
    expect((await agent.get('/api/account/sso')).body).toMatchObject({ configured: false, hasClientSecret: false, emailDomains: [] });
    const res = await agent.put('/api/account/sso', { issuer: idp.issuer, clientId: 'x', emailDomains: [`a-${randomUUID().slice(0, 6)}.test`], passwordSignIn: 'everyone' });
    expect(res.status).toBe(400);
  });

  it('refuses an http issuer off this machine, 0 or 11 domains, and the shared Entra issuer, with the spec messages', async () => {
    const { agent } = await signUpOwner();
    const body = { issuer: 'https://idp.example.org', clientId: 'c', clientSecret: 's', emailDomains: ['a.test'], passwordSignIn: 'everyone' };
    const http = await agent.put('/api/account/sso', { ...body, issuer: 'http://idp.example.org' });
    expect([http.status, http.body.message]).toEqual([400, 'The issuer must use https']);
    const none = await agent.put('/api/account/sso', { ...body, emailDomains: [] });
    expect([none.status, none.body.message]).toEqual([400, 'Enter 1 to 10 e-mail domains']);
    const eleven = await agent.put('/api/account/sso', { ...body, emailDomains: Array.from({ length: 11 }, (_, i) => `d${i}.test`) });
    expect([eleven.status, eleven.body.message]).toEqual([400, 'Enter 1 to 10 e-mail domains']);
    const common = await agent.put('/api/account/sso', { ...body, issuer: 'https://login.microsoftonline.com/common/v2.0' });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/tenant/);
  });

  it('lets only the owner read or change the settings', async () => {
    const d = await district();
    const email = `staff-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    const staff = new Agent();
    expect((await staff.post('/api/login', { username: email, password: PASSWORD })).status).toBe(200);
    expect((await staff.get('/api/account/sso')).status).toBe(403);
    expect((await staff.put('/api/account/sso', { issuer: idp.issuer, clientId: 'x', emailDomains: ['x.test'], passwordSignIn: 'everyone' })).status).toBe(403);
  });

  it('gives a domain to one district only, even when two save it at once (409)', async () => {
    const [a, b] = await Promise.all([signUpOwner(), signUpOwner()]);
    const domain = `race-${randomUUID().slice(0, 8)}.test`;
    const body = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], passwordSignIn: 'everyone' };
    const answers = await Promise.all([a.agent.put('/api/account/sso', body), b.agent.put('/api/account/sso', body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe('Another district already uses this domain');
    // Saved again later by the loser: still refused; by the winner: kept.
    const winner = answers[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect((await loser.agent.put('/api/account/sso', body)).status).toBe(409);
    expect((await winner.agent.put('/api/account/sso', body)).status).toBe(200);
  });
});

describe('discovery', () => {
  it('names the district for an e-mail of its domain, and answers sso: false otherwise', async () => {
    const d = await district({ name: 'Cedar Unified' });
    const email = `Pat@${d.domain.toUpperCase()}`;
    const found = await new Agent().get(`/api/sso/discover?email=${encodeURIComponent(email)}`);
    expect(found.body).toEqual({ sso: true, accountName: 'Cedar Unified', startUrl: `/api/sso/start?email=${encodeURIComponent(email)}` });
    expect((await new Agent().get('/api/sso/discover?email=someone%40elsewhere.test')).body).toEqual({ sso: false });
    expect((await new Agent().get('/api/sso/discover?email=not-an-email')).body).toEqual({ sso: false });
    expect((await new Agent().get(`/api/sso/discover?email=${encodeURIComponent(`a@b@${d.domain}`)}`)).body).toEqual({ sso: false });
    expect((await new Agent().get('/api/sso/discover')).body).toEqual({ sso: false });
  });
});

describe('signing in with the provider', () => {
  it('signs in the active user of that account (case-insensitive), with the same login session as a password, no 2FA, and audits it', async () => {
    const d = await district();
    const email = `ana-${randomUUID().slice(0, 6)}@${d.domain}`;
    const userId = await addUser(d, email);
    account('ana', email.toUpperCase());
    const { browser, res, flowCookie } = await signInWithSso(email, 'ana');
    expect(flowCookie).toBeTruthy();
    expect(res.status).toBe(302);
    expect(res.headers.Location).toBe('/');
    const session = res.cookies.find((c) => c.startsWith('caseload_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(browser.jar.has('caseload_sso')).toBe(false);
    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: userId, email });
    const events = await recentAudit(d.accountId, { limit: 20 });
    expect(events.find((e) => e.action === 'auth.sso_login')).toMatchObject({ actorId: userId, summary: 'Signed in with single sign-on' });
    expect(JSON.stringify(events)).not.toContain(email);
  });

  it('sends the start cookie SameSite=Lax and HttpOnly, scoped to the SSO routes, with PKCE, state and nonce at the provider', async () => {
    const d = await district();
    const { location, setCookie } = await start(new Agent(), `x@${d.domain}`);
    expect(setCookie).toMatch(/^caseload_sso=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/sso/);
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: idp.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.any(String),
      state: expect.any(String),
      nonce: expect.any(String),
    });
  });

  it('takes the e-mail from userinfo when the ID token leaves it out', async () => {
    const d = await district({ provider: userinfoIdp });
    const email = `ui-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    userinfoIdp.accounts.set('ui', { email, email_verified: true });
    const { browser, res } = await signInWithSso(email, 'ui');
    expect(res.status).toBe(302);
    expect((await browser.get('/api/user')).body.email).toBe(email);
  });

  it('refuses an unknown e-mail with the 403 page, and creates nobody', async () => {
    const d = await district();
    const email = `nobody-${randomUUID().slice(0, 6)}@${d.domain}`;
    account('nobody', email);
    const { browser, res } = await signInWithSso(email, 'nobody');
    expect(res.status).toBe(403);
    expect(res.headers['Content-Type']).toMatch(/text\/html/);
    expect(res.text).toContain(SSO_NO_ACCESS);
    expect((await browser.get('/api/user')).status).toBe(401);
    const users = await d.owner.get('/api/users');
    expect(users.body.map((u: { email: string }) => u.email)).not.toContain(email);
    expect((await recentAudit(d.accountId, { limit: 20 })).map((e) => e.action)).toContain('auth.sso_refused');
  });

  it('refuses a deactivated user', async () => {
    const d = await district();
    const email = `gone-${randomUUID().slice(0, 6)}@${d.domain}`;
    const id = await addUser(d, email);
    expect((await d.owner.patch(`/api/users/${id}`, { isActive: false })).status).toBe(200);
    account('gone', email);
    const { res } = await signInWithSso(email, 'gone');
    expect(res.status).toBe(403);
    expect(res.text).toContain(SSO_NO_ACCESS);
  });

  it("refuses another account's user, even with an e-mail of this district's domain", async () => {
    const d = await district();
    const other = await signUpOwner();
    const email = `moved-${randomUUID().slice(0, 6)}@${d.domain}`;
    const res0 = await other.agent.post('/api/users', { user: { firstName: 'M', lastName: 'V', email, password: PASSWORD, role: 'slp' }, permissions: {} });
    expect(res0.status).toBe(201);
    account('moved', email);
    const { res, browser } = await signInWithSso(email, 'moved');
    expect(res.status).toBe(403);
    expect(res.text).toContain(SSO_NO_ACCESS);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const d = await district();
    const email = `unv-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    account('unv', email, { email_verified: false });
    const { res, browser } = await signInWithSso(email, 'unv');
    expect(res.status).toBe(400);
    expect(res.text).toContain(SSO_FAILED);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('refuses a forged state, a replayed code, a missing flow cookie and a tampered nonce with "start again"', async () => {
    const d = await district();
    const email = `chk-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    account('chk', email);

    // Forged state: the provider's answer with another state than the one this browser started.
    const forged = new Agent();
    const s1 = await start(forged, email);
    const back1 = await signInAtProvider(s1.location, 'chk', CALLBACK);
    back1.searchParams.set('state', 'forged-state');
    const r1 = await callback(forged, back1);
    expect([r1.status, r1.text.includes(SSO_FAILED)]).toEqual([400, true]);
    expect((await forged.get('/api/user')).status).toBe(401);

    // Replayed code: the same answer again, with the flow cookie put back.
    const ok = await signInWithSso(email, 'chk');
    expect(ok.res.status).toBe(302);
    const replay = new Agent();
    replay.jar.set('caseload_sso', ok.flowCookie);
    const r2 = await callback(replay, ok.back);
    expect([r2.status, r2.text.includes(SSO_FAILED)]).toEqual([400, true]);
    expect((await replay.get('/api/user')).status).toBe(401);

    // No flow cookie at all (another browser brought the answer).
    const s3 = await start(new Agent(), email);
    const back3 = await signInAtProvider(s3.location, 'chk', CALLBACK);
    const stranger = new Agent();
    expect((await callback(stranger, back3)).status).toBe(400);

    // Tampered nonce: the provider signs a token for another nonce than the flow's.
    const tampered = await signInWithSso(email, 'chk', (u) => u.searchParams.set('nonce', 'tampered-nonce'));
    expect([tampered.res.status, tampered.res.text.includes(SSO_FAILED)]).toEqual([400, true]);
    expect((await tampered.browser.get('/api/user')).status).toBe(401);
    expect((await recentAudit(d.accountId, { limit: 50 })).map((e) => e.action)).toContain('auth.sso_failed');
  });

  it('refuses to complete with a wrong client secret (client_secret_basic refused at the token endpoint)', async () => {
    const d = await district();
    const put = await d.owner.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, clientSecret: 'wrong-secret', emailDomains: [d.domain], passwordSignIn: 'everyone' });
    expect(put.status).toBe(200);
    const email = `aud-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    account('aud', email);
    const { res } = await signInWithSso(email, 'aud');
    expect(res.status).toBe(400);
  });
});

describe('password sign-in when the district uses SSO', () => {
  it("with owner_only refuses other users' passwords with 403 and keeps the owner's", async () => {
    const d = await district({ passwordSignIn: 'owner_only' });
    const email = `pw-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    const refused = await new Agent().post('/api/login', { username: email, password: PASSWORD });
    expect([refused.status, refused.body.message]).toEqual([403, 'Your district signs in with single sign-on']);
    expect(refused.cookies.some((c) => c.startsWith('caseload_session=') && !/Max-Age=0/.test(c))).toBe(false);
    const owner = await new Agent().post('/api/login', { username: `owner@${d.domain}`, password: PASSWORD });
    expect(owner.status).toBe(200);
    // With 'everyone' the same user signs in with the password again.
    const back = await d.owner.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, emailDomains: [d.domain], passwordSignIn: 'everyone' });
    expect(back.status).toBe(200);
    expect((await new Agent().post('/api/login', { username: email, password: PASSWORD })).status).toBe(200);
  });
});

describe("Google Workspace's hd claim", () => {
  it('refuses a token whose hd is not one of the district domains', async () => {
    const d = await district();
    const email = `hd-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    account('hd-other', email, { hd: 'elsewhere.test' });
    const refused = await signInWithSso(email, 'hd-other');
    expect(refused.res.status).toBe(403);
    account('hd-ours', email, { hd: d.domain });
    expect((await signInWithSso(email, 'hd-ours')).res.status).toBe(302);
  });
});

describe("the owner's Test sign-in", () => {
  async function testSignIn(owner: Agent, login: string) {
    const start = await owner.get('/api/sso/start?test=1');
    expect(start.status, start.text).toBe(302);
    if (!start.headers.Location!.startsWith('http')) return start.headers.Location;
    const back = await signInAtProvider(start.headers.Location!, login, CALLBACK);
    const res = await callback(owner, back);
    expect(res.status).toBe(302);
    return res.headers.Location;
  }

  it('runs the real flow, signs nobody in, and comes back to the page with what it found', async () => {
    const d = await district();
    const ownerEmail = `owner@${d.domain}`;
    account('t-owner', ownerEmail);
    expect(await testSignIn(d.owner, 't-owner')).toBe('/single-sign-on?test=ok');
    account('t-none', `none@${d.domain}`);
    expect(await testSignIn(d.owner, 't-none')).toBe('/single-sign-on?test=no_user');
    account('t-unv', ownerEmail, { email_verified: false });
    expect(await testSignIn(d.owner, 't-unv')).toBe('/single-sign-on?test=unverified');
    // The owner is still signed in as the owner (the test changed no session).
    expect((await d.owner.get('/api/user')).body.email).toBe(ownerEmail);

    expect((await d.owner.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, clientSecret: 'not-the-secret', emailDomains: [d.domain], passwordSignIn: 'everyone' })).status).toBe(200);
    expect(await testSignIn(d.owner, 't-owner')).toBe('/single-sign-on?test=secret');

    // Nothing listens on port 1: discovery is unreachable.
    expect((await d.owner.put('/api/account/sso', { issuer: 'http://127.0.0.1:1', clientId: 'x', emailDomains: [d.domain], passwordSignIn: 'everyone' })).status).toBe(200);
    expect(await testSignIn(d.owner, 't-owner')).toBe('/single-sign-on?test=discovery');
  });

  it('is not for anyone else: a visitor starting a test gets no flow', async () => {
    const res = await new Agent().get('/api/sso/start?test=1');
    expect(res.status).toBe(400);
    expect(res.headers.Location).toBeUndefined();
  });
});

describe('a provider whose tokens name another issuer', () => {
  /** Discovered while the issuer is 127.0.0.1 (kept by this warm container), then answered by a provider on the same address naming `issuerHost`. */
  async function restartedAs(issuerHost: string) {
    const first = await startTestProvider({ redirectUris: [CALLBACK] });
    const d = await district({ provider: first });
    const email = `iss-${randomUUID().slice(0, 6)}@${d.domain}`;
    await addUser(d, email);
    const browser = new Agent();
    const started = await start(browser, email);
    await first.close();
    const other = await startTestProvider({ redirectUris: [CALLBACK], port: Number(new URL(first.issuer).port), issuerHost, clientId: first.clientId, clientSecret: first.clientSecret });
    try {
      other.accounts.set('iss', { email, email_verified: true });
      const back = await signInAtProvider(started.location, 'iss', CALLBACK);
      return { res: await callback(browser, back), browser };
    } finally {
      await other.close();
    }
  }

  it('signs in when the restarted provider names the same issuer (new keys are fetched from its JWKS)', async () => {
    expect((await restartedAs('127.0.0.1')).res.status).toBe(302);
  });

  it('refuses the ID token when it names another issuer than the one discovered', async () => {
    const { res, browser } = await restartedAs('localhost');
    expect([res.status, res.text.includes(SSO_FAILED)]).toEqual([400, true]);
    expect((await browser.get('/api/user')).status).toBe(401);
  });
});
