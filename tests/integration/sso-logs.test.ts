import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestProvider, signInAtProvider, type TestProvider } from '../../packages/local/src/oidc-provider.ts';
import { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { captureOutput } from '../support/observed.ts';

/**
 * Single sign-on with the logger at DEBUG while everything written to stdout, stderr or the console
 * is kept: a sign-in, a refusal and a failed check log their outcome, and never the client secret,
 * an e-mail, the code, the state or a token.
 */
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

const CALLBACK = 'http://localhost:3000/api/sso/callback';
const marker = randomUUID().replace(/-/g, '').slice(0, 10);
const domain = `logs-${marker}.test`;
const staff = `staff-${marker}@${domain}`;
const stranger = `stranger-${marker}@${domain}`;

let idp: TestProvider;
let output: ReturnType<typeof captureOutput>;
const seen: string[] = [];

async function flow(email: string, edit?: (u: URL) => void) {
  const browser = new Agent();
  const start = await browser.get(`/api/sso/start?email=${encodeURIComponent(email)}`);
  const url = new URL(start.headers.Location!);
  seen.push(url.searchParams.get('state')!, url.searchParams.get('nonce')!, browser.jar.get('caseload_sso')!);
  edit?.(url);
  const back = await signInAtProvider(url.href, email, CALLBACK);
  seen.push(back.searchParams.get('code')!);
  return browser.get(`${back.pathname}${back.search}`);
}

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [CALLBACK], clientSecret: `secret-${marker}` });
  output = captureOutput();
  try {
    const { agent } = await signUpOwner({ email: `owner-${marker}@${domain}` });
    const saved = await agent.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], passwordSignIn: 'everyone' });
    if (saved.status !== 200) throw new Error(`settings: ${saved.status}`);
    await agent.post('/api/users', { user: { firstName: 'S', lastName: 'T', email: staff, password: PASSWORD, role: 'slp' }, permissions: {} });
    for (const email of [staff, stranger]) idp.accounts.set(email, { email, email_verified: true });
    const results = [await flow(staff), await flow(stranger), await flow(staff, (u) => u.searchParams.set('nonce', `tampered-${marker}`))];
    if (results.map((r) => r.status).join() !== '302,403,400') throw new Error(`flows: ${results.map((r) => r.status).join()}`);
  } finally {
    output.restore();
  }
});
afterAll(async () => {
  await idp?.close();
});

describe('single sign-on logs', () => {
  it('say what happened without the secret, e-mails, codes, state, nonce, flow cookie or tokens', () => {
    const text = output.text();
    expect(text).toContain('sso sign-in not completed');
    for (const secret of [idp.clientSecret, staff, stranger, marker, ...seen.filter(Boolean)]) expect(text).not.toContain(secret);
    // No JWT (ID or access token) of any kind.
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
  });
});
