import * as z from 'zod/mini';
import { schema, text } from './common.ts';

/**
 * Single sign-on with the district's OpenID Connect provider (part 4 §4). One schema per shape;
 * the checks the owner's form and the server both need (issuer, domains) live here as pure
 * functions so the page says exactly what the API would answer.
 */
export const passwordSignInChoices = ['everyone', 'owner_only'] as const;
export type PasswordSignIn = (typeof passwordSignInChoices)[number];

export const ISSUER_HTTPS = 'The issuer must use https';
export const DOMAINS_COUNT = 'Enter 1 to 10 e-mail domains';
export const DOMAIN_TAKEN = 'Another district already uses this domain';
export const ENTRA_SHARED_ISSUER =
  'Microsoft Entra needs your tenant\'s issuer (https://login.microsoftonline.com/<tenant id>/v2.0), not the shared "common", "organizations" or "consumers" one';
export const NOT_ALLOWED_SSO = 'Your district signs in with single sign-on';
export const SSO_NO_ACCESS = 'Your district has not given you access to Caseload. Ask your administrator.';
export const SSO_FAILED = 'Sign-in could not be completed. Start again.';
/** The redirect URI the owner registers at the provider: `<app origin>` + this. */
export const SSO_CALLBACK_PATH = '/api/sso/callback';
export const SSO_SCOPES = 'openid email profile';

/** http is accepted only for a provider on this machine (`npm start`, the tests). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
export function isLocalIssuer(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
export function issuerProblem(issuer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return ISSUER_HTTPS;
  }
  if (url.protocol !== 'https:' && !isLocalIssuer(issuer)) return ISSUER_HTTPS;
  if (url.username || url.password || url.search || url.hash) return 'The issuer is a plain address, without a query or fragment';
  // Entra's shared issuers accept any tenant's (or a personal) account: the district's own tenant only.
  if (url.hostname === 'login.microsoftonline.com' && /^\/(common|organizations|consumers)(\/|$)/i.test(url.pathname)) return ENTRA_SHARED_ISSUER;
  return undefined;
}

/** An e-mail domain as stored and compared: lower-case, no leading "@", trimmed. */
export const normalizeDomain = (domain: string) => domain.trim().replace(/^@/, '').normalize('NFKC').toLowerCase();
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
export const isDomain = (domain: string) => DOMAIN_PATTERN.test(normalizeDomain(domain));
/** The domain of an e-mail address, or undefined when it is not one. */
export function emailDomain(email: string): string | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0) return undefined;
  const domain = normalizeDomain(email.trim().slice(at + 1));
  return isDomain(domain) ? domain : undefined;
}

export const ssoSettingsBody = /* @__PURE__ */ schema(() =>
  z.object({
    issuer: text('line').check(
      z.trim(),
      z.maxLength(500, 'The issuer must be at most 500 characters'),
      z.refine((v) => issuerProblem(v) === undefined, { error: (iss) => issuerProblem(String(iss.input)) ?? ISSUER_HTTPS }),
    ),
    clientId: text('line').check(z.trim(), z.minLength(1, 'Enter the client ID'), z.maxLength(500, 'The client ID must be at most 500 characters')),
    /** Write-only: absent keeps the stored secret. */
    clientSecret: z.optional(text('line').check(z.minLength(1, 'Enter the client secret'), z.maxLength(2000, 'The client secret must be at most 2000 characters'))),
    emailDomains: z
      .array(text('line', DOMAINS_COUNT).check(z.maxLength(253, 'Enter e-mail domains like district.org'), z.refine(isDomain, 'Enter e-mail domains like district.org')), { error: DOMAINS_COUNT })
      .check(
        z.minLength(1, DOMAINS_COUNT),
        z.maxLength(10, DOMAINS_COUNT),
        z.refine((ds) => new Set(ds.map(normalizeDomain)).size === ds.length, 'Each domain only once'),
      ),
    passwordSignIn: z.enum(passwordSignInChoices),
  }),
);
export type SsoSettingsBody = z.input<typeof ssoSettingsBody>;

/** The owner's view: never the secret, only whether one is stored. */
export const ssoSettings = /* @__PURE__ */ schema(() =>
  z.object({
    configured: z.boolean(),
    issuer: z.string(),
    clientId: z.string(),
    hasClientSecret: z.boolean(),
    emailDomains: z.array(z.string()),
    passwordSignIn: z.enum(passwordSignInChoices),
    /** What to register at the provider: the origin this request came to + SSO_CALLBACK_PATH. */
    redirectUri: z.string(),
  }),
);
export type SsoSettings = z.infer<typeof ssoSettings>;

/** Any text: a malformed e-mail is answered `{ sso: false }`, not 400 (the login page asks as you type). */
export const ssoDiscoverQuery = /* @__PURE__ */ schema(() => z.object({ email: z._default(z.string().check(z.maxLength(320)), '') }));
export const ssoDiscovery = /* @__PURE__ */ schema(() =>
  z.union([z.object({ sso: z.literal(false) }), z.object({ sso: z.literal(true), accountName: z.string(), startUrl: z.string() })]),
);
export type SsoDiscovery = z.infer<typeof ssoDiscovery>;

/** `test`: the owner's "Test sign-in" (the flow runs, nobody is signed in, the page shows what happened). */
export const ssoStartQuery = /* @__PURE__ */ schema(() =>
  z.object({ email: z._default(z.string().check(z.maxLength(320)), ''), test: z.optional(z.enum(['1'])) }),
);
/** What the provider sends back: checked by the OpenID Connect library, only bounded here. */
export const ssoCallbackQuery = /* @__PURE__ */ schema(() => z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(8192))));

/** The outcome of the owner's "Test sign-in", shown on the Single sign-on page (`?test=`). */
export const ssoTestOutcomes = ['ok', 'discovery', 'secret', 'redirect', 'unverified', 'failed', 'no_user'] as const;
export type SsoTestOutcome = (typeof ssoTestOutcomes)[number];
