/**
 * Deployment settings. Everything an operator may change is a CDK context value (cdk.json, or
 * `-c key=value` on the command line), read once here; the stack itself only sees typed props, so
 * tests can build it with any combination without touching context.
 *
 * Context values, not CloudFormation parameters: the model id decides the *shape* of the Bedrock
 * IAM statement (foundation model vs. cross-region inference profile) and the domain decides
 * whether the distribution gets aliases and a certificate. Both must be known at synth time.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (infra/..), wherever the process was started from. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bedrock model used when no `modelId` context is given. Operators must enable access to it. */
export const DEFAULT_MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

export interface CaseloadConfig {
  /** Custom domain served by CloudFront (e.g. caseload.district.org). Needs `certificateArn`. */
  domainName?: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  certificateArn?: string;
  /** The edge stack's AWS WAF web ACL (CLOUDFRONT scope, us-east-1), attached to the distribution. */
  webAclArn?: string;
  /** Countries (ISO 3166-1 alpha-2) allowed to reach the site; none: no geographic restriction. */
  allowedCountries?: string[];
  /** Bedrock model id or cross-region inference profile id (`us.anthropic…`). */
  modelId: string;
  /**
   * Origin the API accepts state-changing requests from (CSRF check). Defaults to the site's
   * own origin: https://<domainName> or https://<distribution domain>.
   */
  allowedOrigin?: string;
  /** E-mail address subscribed to the alarm topic. */
  alarmEmail?: string;
  /**
   * Sender of the weekly digest e-mails (part 4 §8), `digest@district.org` or `Caseload
   * <digest@district.org>`: an address (or an address at a domain) verified in Amazon SES in the
   * stack's region. Without it no digest is sent.
   */
  mailFrom?: string;
  /** Steady-state requests per second across the API ($default stage). See LIMITS. */
  apiRateLimit: number;
  /** Burst capacity across the API. See LIMITS. */
  apiBurstLimit: number;
  /**
   * Ceiling of requests per second on each public sign-in route (login, register, 2FA verify), for
   * the whole district. Not the credential-stuffing control (that is the per-IP WAF rule and the
   * per-account lockout, see LIMITS): a cap on the scrypt work anonymous callers can cause.
   */
  authRateLimit: number;
  authBurstLimit: number;
  /** Per client IP, per 5 minutes, on each sign-in path (the edge stack's WAF rate rules). See LIMITS. */
  signInRatePerIpPer5Min: number;
  /** Per client IP, per 5 minutes, on all of /api/* (the edge stack's WAF rate rule). See LIMITS. */
  apiRatePerIpPer5Min: number;
  /**
   * Name of an existing table to use instead of the stack's own (after a point-in-time or backup
   * restore, docs/operations.md). The stack keeps its own table (retained) but the functions,
   * grants, backups and alarms follow this one. It must use the stack's table key (TableKey) for
   * encryption and carry the same key schema and indexes (a restore of the stack's table does).
   */
  tableName?: string;
  /** Concurrent bulk-generation workers (SQS event source maximum concurrency and the worker's reserved concurrency, ≥ 2). */
  bulkWorkerConcurrency: number;
  /**
   * How function code is produced:
   * - `esbuild`: real NodejsFunction bundling with the repository's esbuild (the default);
   * - `inline`: a tiny inline placeholder, for fast template tests (the template's shape, IAM and
   *   wiring are identical; only Code differs);
   * - a list of handler modules: those are bundled for real, the rest are inline.
   */
  bundling: 'esbuild' | 'inline' | { only: string[] };
  /**
   * Bundle the AWS SDK into every function instead of using the copy in the Lambda runtime.
   * Off by default: the runtime's SDK v3 keeps typical bundles near 100 KB (the budget is
   * 150 KB); turn it on to pin the SDK version exactly, at about +350 KB per function.
   */
  bundleAwsSdk: boolean;
  /** Directory holding the handler modules (functions/<handler>.ts). */
  functionsDir: string;
  /** The built SPA (web/dist), or the placeholder page when it has not been built. */
  webDir: string;
}

export const placeholderWebDir = join(repoRoot, 'infra', 'placeholder-site');

/**
 * web/dist when it holds a build (an index.html), otherwise the placeholder page (synth and tests
 * without a build). `npm run deploy` never gets here with a missing or stale build: scripts/deploy.ts
 * builds it or refuses first (docs/deploy.md).
 */
export function resolveWebDir(): string {
  const dist = join(repoRoot, 'web', 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : placeholderWebDir;
}

/**
 * Limits, from arithmetic (spec part 4 §9: a district of 20,000 students and 400 clinicians scoring
 * trials by the tap). Each number is derived here; change the inputs, not the results.
 */
const CLINICIANS = 400;
/** A clinician scoring trials taps at most about once every 2 s (child answers, clinician taps). */
const TAPS_PER_CLINICIAN_PER_SECOND = 0.5;
/** A tap is a trial save, plus on average 1.5 reads (the session refetched, now and then the goal list). */
const REQUESTS_PER_TAP = 2.5;
/** Every clinician in a session at once (a district's worst hour, e.g. 10:00 on a Tuesday). */
const PEAK_REQUESTS_PER_SECOND = CLINICIANS * TAPS_PER_CLINICIAN_PER_SECOND * REQUESTS_PER_TAP; // 400 × 0.5 × 2.5 = 500
/** Requests the app makes on first load (user, account, zone, dashboard, caseload, calendar). */
const REQUESTS_PER_APP_LOAD = 6;

export const LIMITS = {
  /**
   * Stage rate: the peak (500 req/s) with 50 % headroom for refetches and the manager screens:
   * 500 × 1.5 = 750 req/s. Lambda concurrency at that rate: 750 × ~0.15 s mean duration ≈ 113
   * concurrent executions, inside the default account quota of 1,000. API Gateway's account quota
   * is 10,000 req/s, so this stage takes under 8 % of it.
   */
  apiRateLimit: PEAK_REQUESTS_PER_SECOND * 1.5,
  /**
   * Stage burst (the token bucket): every clinician opening the app in the same second (a bell,
   * a training session): 400 × 6 = 2,400 requests, rounded up to 2,500. Under API Gateway's
   * account burst of 5,000.
   */
  apiBurstLimit: Math.ceil((CLINICIANS * REQUESTS_PER_APP_LOAD) / 500) * 500,
  /**
   * Sign-in route ceiling, whole district: all 400 clinicians signing in within 30 s (the first
   * bell after a holiday) with a password and a 2FA code each: 400 × 2 / 30 ≈ 27 req/s on the
   * sign-in routes, rounded up to 50. Each login is an scrypt hash (~0.1 s at 1,024 MB): 50 × 0.1 = 5
   * concurrent executions at the ceiling. The old 5 req/s needed 160 s for that same morning.
   */
  authRateLimit: 50,
  /** Every clinician's first sign-in request in the same second: 400. */
  authBurstLimit: CLINICIANS,
  /**
   * Per client IP on each sign-in path, per 5 minutes (WAF's window): a district whose every
   * clinician signs in through one NAT address, each needing two tries (a typo), in one 5-minute
   * window: 400 × 2 = 800, rounded up to 1,000. An attacker from one IP gets 1,000 guesses per 5
   * minutes spread over accounts, and each account locks after MAX_FAILED_ATTEMPTS (10) wrong
   * passwords for LOCK_SECONDS (15 min) (packages/core/src/auth/lockout.ts), and 2FA after
   * MAX_CODE_ATTEMPTS (5) per sign-in and MAX_USER_CODE_FAILURES (10) per user per 15 minutes
   * (packages/core/src/auth/two-factor.ts): the per-account limits.
   */
  signInRatePerIpPer5Min: 1000,
  /**
   * Per client IP on /api/*, per 5 minutes: the whole district's peak through one NAT address,
   * 500 req/s × 300 s = 150,000. One address can never take more than the district's peak, so one
   * runaway client (or attacker) cannot use the stage's headroom that other addresses need.
   */
  apiRatePerIpPer5Min: PEAK_REQUESTS_PER_SECOND * 300,
} as const;

/**
 * Alarm thresholds (constructs/alarms.ts, constructs/routes.ts). Every alarm evaluates 5-minute
 * periods; the counts below are per 5 minutes.
 */
export const ALARM_THRESHOLDS = {
  /** Share of all API answers that are 5xx: 5 % (1 request in 20 failing is an outage for someone). */
  api5xxPercent: 5,
  /**
   * 5xx answers of one route in 5 minutes (the pipeline's Http5xx metric by route). A single 5xx
   * happens (a Bedrock timeout, a conditional-write race retried by the user); 5 in 5 minutes on
   * one route is one clinician failing repeatedly or several failing once: a broken route.
   */
  route5xxPer5Min: 5,
  /**
   * A route's p99 Lambda Duration at 80 % of its timeout for 3 periods in a row (15 minutes): for
   * the default 10 s timeout that is 8,000 ms, for 29 s routes 23,200 ms. Above it the slowest
   * requests are one slow DynamoDB page or Bedrock answer away from a timeout (a 5xx).
   */
  routeLatencyFractionOfTimeout: 0.8,
  routeLatencyPeriods: 3,
  /**
   * Accounts locked in 5 minutes. A lock needs 10 wrong passwords for one e-mail; a district of
   * 400 sees perhaps one forgotten password a day. 5 locks in 5 minutes is 50+ wrong passwords
   * across 5 accounts: password spraying or credential stuffing.
   */
  lockoutsPer5Min: 5,
  /**
   * Wrong passwords in 5 minutes. The 8:00 sign-in wave: 400 clinicians in ~15 minutes, ~10 %
   * mistyping once: 40 per 15 min ≈ 13 per 5 minutes. 50 is about 4× that morning peak.
   */
  loginFailuresPer5Min: 50,
  /**
   * Wrong 2FA codes in 5 minutes. Same wave, ~5 % mistype a code (a code that rolled over):
   * 20 per 15 min ≈ 7 per 5 minutes; 25 is over 3× that. More means someone is guessing codes
   * of accounts whose password they have.
   */
  twoFactorFailuresPer5Min: 25,
  /**
   * p90 of one note generation (NoteGenerationLatency) over 5 minutes, in ms: 80 % of the note
   * route's 29 s timeout is 23,200 ms; the Bedrock call is most of the route, so alarm at 20,000
   * ms, before the route itself times out.
   */
  noteGenerationP90Ms: 20_000,
  /** Bedrock 5xx answers (InvocationServerErrors) in 5 minutes: 3 (a retry absorbs one or two). */
  bedrockServerErrorsPer5Min: 3,
  /**
   * Bedrock 4xx answers (InvocationClientErrors): the caller's fault, i.e. ours: model access not
   * enabled, a wrong model id, a malformed request. Nothing legitimate makes them: 1.
   */
  bedrockClientErrorsPer5Min: 1,
  /**
   * Bedrock throttles (InvocationThrottles) in 5 minutes. The bulk worker runs bulkWorkerConcurrency
   * (2) jobs at once and retries a throttled call; 10 throttles in 5 minutes means the account's
   * tokens-per-minute quota is too low for the district (request an increase).
   */
  bedrockThrottlesPer5Min: 10,
  /**
   * Requests WAF blocked in 5 minutes (edge stack, us-east-1). The sign-in rate rules alone block
   * only past 1,000 tries per IP per 5 minutes, and the managed rules block a few bots an hour:
   * 500 blocked in 5 minutes is an attack or a misfiring rule locking out a school (see runbook).
   */
  wafBlockedPer5Min: 500,
  /** Failed, aborted or expired AWS Backup jobs of the table's vault in a day: any one. */
  backupJobsFailed: 1,
  /** Messages in the dead-letter queue (a bulk job that failed 3 times): any one. */
  deadLetters: 1,
} as const;

export function defaultConfig(overrides: Partial<CaseloadConfig> = {}): CaseloadConfig {
  return {
    modelId: DEFAULT_MODEL_ID,
    apiRateLimit: LIMITS.apiRateLimit,
    apiBurstLimit: LIMITS.apiBurstLimit,
    authRateLimit: LIMITS.authRateLimit,
    authBurstLimit: LIMITS.authBurstLimit,
    signInRatePerIpPer5Min: LIMITS.signInRatePerIpPer5Min,
    apiRatePerIpPer5Min: LIMITS.apiRatePerIpPer5Min,
    bulkWorkerConcurrency: 2,
    bundling: 'esbuild',
    bundleAwsSdk: false,
    functionsDir: join(repoRoot, 'functions'),
    webDir: resolveWebDir(),
    ...overrides,
  };
}

type ContextReader = (key: string) => unknown;

/** Context values arrive as strings from `-c` and as JSON values from cdk.json. */
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const str = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : text(v));
const bool = (v: unknown): boolean | undefined => (v === undefined ? undefined : v === true || v === 'true' || v === '1');
const num = (key: string, v: unknown): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Context ${key} must be a positive number, got ${text(v)}`);
  return n;
};

/** Reads the configuration from CDK context (`node.tryGetContext`). */
export function configFromContext(get: ContextReader): CaseloadConfig {
  const only = str(get('bundleOnly'));
  const skip = bool(get('skipBundling'));
  const cfg = defaultConfig();
  const pick = <K extends keyof CaseloadConfig>(key: K, value: CaseloadConfig[K] | undefined) => {
    if (value !== undefined) cfg[key] = value;
  };
  pick('domainName', str(get('domainName')));
  pick('certificateArn', str(get('certificateArn')));
  pick('webAclArn', str(get('webAclArn')));
  const countries = str(get('allowedCountries'));
  if (countries) cfg.allowedCountries = countries.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  pick('modelId', str(get('modelId')));
  pick('allowedOrigin', str(get('allowedOrigin')));
  pick('alarmEmail', str(get('alarmEmail')));
  pick('mailFrom', str(get('mailFrom')));
  pick('apiRateLimit', num('apiRateLimit', get('apiRateLimit')));
  pick('apiBurstLimit', num('apiBurstLimit', get('apiBurstLimit')));
  pick('authRateLimit', num('authRateLimit', get('authRateLimit')));
  pick('authBurstLimit', num('authBurstLimit', get('authBurstLimit')));
  pick('signInRatePerIpPer5Min', num('signInRatePerIpPer5Min', get('signInRatePerIpPer5Min')));
  pick('apiRatePerIpPer5Min', num('apiRatePerIpPer5Min', get('apiRatePerIpPer5Min')));
  pick('tableName', str(get('tableName')));
  pick('bulkWorkerConcurrency', num('bulkWorkerConcurrency', get('bulkWorkerConcurrency')));
  pick('bundleAwsSdk', bool(get('bundleAwsSdk')));
  const functionsDir = str(get('functionsDir'));
  if (functionsDir) cfg.functionsDir = resolve(repoRoot, functionsDir);
  if (only) cfg.bundling = { only: only.split(',').map((s) => s.trim()).filter(Boolean) };
  else if (skip) cfg.bundling = 'inline';
  validateConfig(cfg);
  return cfg;
}

export function validateConfig(cfg: CaseloadConfig) {
  if (cfg.domainName && !cfg.certificateArn) {
    throw new Error('domainName needs certificateArn: an ACM certificate in us-east-1 that covers the domain (CloudFront requirement).');
  }
  if (cfg.certificateArn && !cfg.domainName) throw new Error('certificateArn is set but domainName is not.');
  if (cfg.certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:/.test(cfg.certificateArn)) {
    throw new Error('certificateArn must be an ACM certificate in us-east-1 (CloudFront only reads certificates from there).');
  }
  if (cfg.webAclArn && !/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(cfg.webAclArn)) {
    throw new Error(`webAclArn must be a CloudFront (global) AWS WAF web ACL in us-east-1, like the edge stack's WebAclArn output; got ${cfg.webAclArn}`);
  }
  for (const country of cfg.allowedCountries ?? []) {
    if (!/^[A-Z]{2}$/.test(country)) throw new Error(`allowedCountries takes ISO 3166-1 alpha-2 codes (US,CA), got ${country}`);
  }
  if (cfg.allowedOrigin && !/^https:\/\/[^/]+$/.test(cfg.allowedOrigin)) {
    throw new Error(`allowedOrigin must look like https://host (no path), got ${cfg.allowedOrigin}`);
  }
  if (!/^[\w.:-]+$/.test(cfg.modelId)) throw new Error(`modelId looks wrong: ${cfg.modelId}`);
  // WAF rate-based rules take 10 to 2,000,000,000 requests per evaluation window.
  for (const key of ['signInRatePerIpPer5Min', 'apiRatePerIpPer5Min'] as const) {
    if (!Number.isInteger(cfg[key]) || cfg[key] < 10 || cfg[key] > 2_000_000_000) throw new Error(`${key} must be a whole number from 10 to 2,000,000,000 (AWS WAF rate-based rule), got ${cfg[key]}`);
  }
  if (cfg.authRateLimit > cfg.apiRateLimit || cfg.authBurstLimit > cfg.apiBurstLimit) {
    throw new Error('authRateLimit/authBurstLimit are per sign-in route and cannot exceed the stage limits apiRateLimit/apiBurstLimit.');
  }
  if (cfg.tableName !== undefined && !/^[\w.-]{3,255}$/.test(cfg.tableName)) throw new Error(`tableName is not a DynamoDB table name: ${cfg.tableName}`);
  if (cfg.bulkWorkerConcurrency < 2 || cfg.bulkWorkerConcurrency > 1000) {
    throw new Error('bulkWorkerConcurrency must be between 2 and 1000 (SQS event source maximum concurrency).');
  }
}
