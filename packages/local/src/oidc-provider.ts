import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider, a certified implementation) on 127.0.0.1
 * and a random (or given) port, for the SSO tests and for trying SSO locally (npm run sso-provider). Its development interactions
 * give the login form: any login its `accounts` hold signs in (the password is not checked).
 */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  hd?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

export async function startTestProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** The provider's default: with an access token, scope claims go to userinfo only (not the ID token). */
  claimsInUserinfoOnly?: boolean;
  port?: number;
  /** The host the issuer names (default 127.0.0.1, where it listens): another makes tokens name another issuer. */
  issuerHost?: string;
}): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  // The issuer names the port, so the server listens first and the provider answers once built.
  const handler: { app?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer((req, res) => {
    // One request per connection: no client keeps a socket to a provider that a test may close and
    // start again on the same port.
    res.setHeader('Connection', 'close');
    handler.app!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://${opts.issuerHost ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? 'caseload';
  const clientSecret = opts.clientSecret ?? `secret-${crypto.randomUUID()}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'hd'] },
    conformIdTokenClaims: opts.claimsInUserinfoOnly ?? false,
    cookies: { keys: [crypto.randomUUID()] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
    // Consent is the district's business, not this test's: every client gets the scopes it asks.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const answer = provider.callback();
  handler.app = (req, res) => void answer(req, res);
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser at the provider: follows its redirects with its own cookies, submits the login form
 * as `login`, and stops at the redirect back to us. Returns that callback URL.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    form = undefined;
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      if (url.href.startsWith(redirectPrefix)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`The provider answered ${res.status} without a form`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('The provider never redirected back');
}
