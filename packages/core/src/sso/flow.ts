import * as oidc from 'openid-client';
import { emailSchema } from '@caseload/contract/auth';
import { emailDomain, isLocalIssuer, SSO_SCOPES, type SsoTestOutcome } from '@caseload/contract/sso';
import { recordAudit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { normalizeEmail } from '../keys.ts';
import { logger, errorFields } from '../observability.ts';
import { open, seal } from '../auth/secret-box.ts';
import { createLoginSession } from '../auth/login-sessions.ts';
import { findUserIdByEmail, getUser } from '../auth/users-repo.ts';
import { accountOfDomain, readSsoConfig, ssoSecretOwner, type SsoConfigItem } from './config-repo.ts';

/**
 * The OpenID Connect authorization code flow with PKCE, state and nonce (part 4 §4). Every check of
 * the provider's answers (ID token signature from its JWKS, issuer, audience, expiry, nonce, state,
 * PKCE) is openid-client's, a certified relying party; this module decides only who that proves.
 */

/** The flow's secrets travel in this cookie, scoped to the SSO routes, for at most this long. */
export const FLOW_COOKIE = 'caseload_sso';
export const FLOW_COOKIE_PATH = '/api/sso';
export const FLOW_MAX_AGE_SECONDS = 10 * 60;
/** A discovery (metadata) answer is reused this long by a warm container. */
const DISCOVERY_CACHE_MS = 10 * 60 * 1000;
const DISCOVERY_TIMEOUT_SECONDS = 5;

interface Flow {
  accountId: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** Set by the owner's "Test sign-in": nobody is signed in, the page reports the outcome. */
  testBy?: string;
  /** Absolute expiry (ms): the cookie's Max-Age is the browser's promise, this is ours. */
  expiresAt: number;
}

/** Why a flow did not sign anyone in: `refused` is the 403 page, every other reason the 400 one. */
export type FailureReason = Exclude<SsoTestOutcome, 'ok'>;
export class SsoFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
  }
  get refused() {
    return this.reason === 'no_user';
  }
}

/** The flow cookie's owner for the sealing: bound to the account, sealed like the TOTP secrets. */
const flowOwner = (accountId: string) => ({ accountId, userId: 'sso-flow' });

async function sealFlow(flow: Flow): Promise<string> {
  return `${flow.accountId}.${await seal(JSON.stringify(flow), flowOwner(flow.accountId))}`;
}

async function openFlow(cookie: string | undefined): Promise<Flow | undefined> {
  if (!cookie || cookie.length > 4096) return undefined;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return undefined;
  const accountId = cookie.slice(0, dot);
  try {
    const flow = JSON.parse(await open(cookie.slice(dot + 1), flowOwner(accountId))) as Flow;
    if (flow.accountId !== accountId || typeof flow.state !== 'string' || !(flow.expiresAt > Date.now())) return undefined;
    return flow;
  } catch {
    return undefined;
  }
}

const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The provider's metadata and this account's client: discovered, then kept by a warm container. */
async function clientConfig(sso: SsoConfigItem): Promise<oidc.Configuration> {
  const secret = await open(sso.clientSecretSealed ?? '', ssoSecretOwner(sso.accountId));
  const cacheKey = JSON.stringify([sso.issuer, sso.clientId, sso.clientSecretSealed]);
  const cached = configs.get(cacheKey);
  if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.config;
  const config = oidc.discovery(new URL(sso.issuer), sso.clientId, { client_secret: secret }, oidc.ClientSecretBasic(secret), {
    // http only for a provider on this machine (npm start, tests); anywhere else https is required.
    execute: isLocalIssuer(sso.issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: DISCOVERY_TIMEOUT_SECONDS,
  });
  configs.set(cacheKey, { at: Date.now(), config });
  config.catch(() => configs.delete(cacheKey));
  return config;
}

/**
 * The provider's authorization URL for this e-mail's district (or the owner's own account for a
 * test), and the sealed flow for the cookie. Undefined when the e-mail has no SSO.
 */
export async function startFlow(input: { email: string; test: boolean }, auth: AuthContext | undefined, origin: string) {
  let accountId: string | undefined;
  if (input.test) {
    if (auth?.userType !== 'owner') return undefined;
    accountId = auth.accountId;
  } else {
    const domain = emailSchema.safeParse(input.email).success ? emailDomain(input.email) : undefined;
    accountId = domain ? await accountOfDomain(domain) : undefined;
  }
  const sso = accountId ? await readSsoConfig(accountId) : undefined;
  if (!accountId || !sso) return undefined;
  let config: oidc.Configuration;
  try {
    config = await clientConfig(sso);
  } catch (e) {
    logger.warn('sso discovery failed', { error: errorFields(e) });
    throw new SsoFailure('discovery');
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: Flow = {
    accountId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    redirectUri: `${origin}/api/sso/callback`,
    ...(input.test && auth ? { testBy: auth.userId } : {}),
    expiresAt: Date.now() + FLOW_MAX_AGE_SECONDS * 1000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: flow.redirectUri,
    scope: SSO_SCOPES,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...(input.email.includes('@') ? { login_hint: input.email.trim() } : {}),
  });
  return { location: url.href, cookie: await sealFlow(flow) };
}

/** Sorts what openid-client refused into what the owner's test page can say in words. */
function classify(e: unknown): FailureReason {
  if (e instanceof SsoFailure) return e.reason;
  if (e instanceof oidc.ResponseBodyError && e.error === 'invalid_client') return 'secret';
  // A provider may refuse client authentication with a 401 challenge instead of a JSON body.
  if (e instanceof oidc.WWWAuthenticateChallengeError && (e.status === 401 || e.cause.some((c) => c.parameters.error === 'invalid_client'))) return 'secret';
  if (e instanceof oidc.AuthorizationResponseError && /redirect/i.test(e.error_description ?? '')) return 'redirect';
  return 'failed';
}

export type CallbackOutcome =
  | { kind: 'signedIn'; session: Awaited<ReturnType<typeof createLoginSession>> }
  | { kind: 'tested'; outcome: SsoTestOutcome }
  | { kind: 'failed'; refused: boolean };

/**
 * The provider's redirect back. Signs in the active user of the flow's account whose e-mail the
 * provider proved, or says why not. Every sign-in and refusal is audited (never the e-mail: the
 * audit log is shown to the district, and the refused person may not be theirs).
 */
export async function completeFlow(query: Record<string, string>, flowCookie: string | undefined, meta: { ip: string }): Promise<CallbackOutcome> {
  const flow = await openFlow(flowCookie);
  if (!flow) {
    logger.info('sso callback without a usable flow');
    return { kind: 'failed', refused: false };
  }
  const audit = (action: string, summary: string, actor?: { id: string; firstName: string; lastName: string }) =>
    recordAudit(flow.accountId, {
      action,
      summary,
      ip: meta.ip,
      ...(actor ? { actorId: actor.id, actorName: `${actor.firstName} ${actor.lastName}` } : {}),
    });
  try {
    const sso = await readSsoConfig(flow.accountId);
    if (!sso) throw new SsoFailure('failed');
    let config: oidc.Configuration;
    try {
      config = await clientConfig(sso);
    } catch {
      throw new SsoFailure('discovery');
    }
    const currentUrl = new URL(flow.redirectUri);
    for (const [k, v] of Object.entries(query)) currentUrl.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.verifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoFailure('failed');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let verified = claims.email_verified;
    if (!email) {
      // The ID token may leave the e-mail to userinfo; its subject must be the token's.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : undefined;
      verified = info.email_verified;
    }
    if (!email) throw new SsoFailure('failed');
    if (verified !== true) throw new SsoFailure('unverified');
    // Google Workspace names the account's organization in `hd`: it must be one of the district's domains.
    const hd = typeof claims.hd === 'string' ? claims.hd.toLowerCase() : undefined;
    if ((hd !== undefined || sso.issuer === 'https://accounts.google.com') && !(hd && sso.emailDomains.includes(hd))) throw new SsoFailure('no_user');

    const lookup = await findUserIdByEmail(normalizeEmail(email));
    // Another account's user, even in this domain, is refused like an unknown one.
    const user = lookup && lookup.accountId === flow.accountId ? await getUser(lookup.accountId, lookup.userId) : undefined;
    if (flow.testBy) {
      await audit('sso.tested', user?.isActive ? 'Single sign-on test succeeded' : 'Single sign-on test: no active user with that e-mail');
      return { kind: 'tested', outcome: user?.isActive ? 'ok' : 'no_user' };
    }
    if (!user?.isActive) {
      await audit('auth.sso_refused', 'Single sign-on refused: no active user with that e-mail in this account', user);
      return { kind: 'failed', refused: true };
    }
    let session;
    try {
      session = await createLoginSession(user, 'active');
    } catch {
      // Deactivated (or changed) while signing in.
      await audit('auth.sso_refused', 'Single sign-on refused: the user was deactivated', user);
      return { kind: 'failed', refused: true };
    }
    await audit('auth.sso_login', 'Signed in with single sign-on', session.user);
    return { kind: 'signedIn', session };
  } catch (e) {
    const reason = classify(e);
    // Names and codes only: the library's messages may quote the provider's answers.
    logger.info('sso sign-in not completed', { reason, error: errorFields(e) });
    if (flow.testBy) {
      await audit('sso.tested', `Single sign-on test failed (${reason})`);
      return { kind: 'tested', outcome: reason };
    }
    await audit(reason === 'no_user' ? 'auth.sso_refused' : 'auth.sso_failed', reason === 'no_user' ? 'Single sign-on refused' : 'Single sign-on could not be completed');
    return { kind: 'failed', refused: reason === 'no_user' };
  }
}
