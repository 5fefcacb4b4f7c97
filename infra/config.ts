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
  /** Steady-state requests per second across the API ($default stage). */
  apiRateLimit: number;
  /** Burst capacity across the API. */
  apiBurstLimit: number;
  /** Requests per second for each public sign-in route (login, register, 2FA verify). */
  authRateLimit: number;
  authBurstLimit: number;
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

export function defaultConfig(overrides: Partial<CaseloadConfig> = {}): CaseloadConfig {
  return {
    modelId: DEFAULT_MODEL_ID,
    apiRateLimit: 100,
    apiBurstLimit: 200,
    authRateLimit: 5,
    authBurstLimit: 10,
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
  pick('apiRateLimit', num('apiRateLimit', get('apiRateLimit')));
  pick('apiBurstLimit', num('apiBurstLimit', get('apiBurstLimit')));
  pick('authRateLimit', num('authRateLimit', get('authRateLimit')));
  pick('authBurstLimit', num('authBurstLimit', get('authBurstLimit')));
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
  if (cfg.bulkWorkerConcurrency < 2 || cfg.bulkWorkerConcurrency > 1000) {
    throw new Error('bulkWorkerConcurrency must be between 2 and 1000 (SQS event source maximum concurrency).');
  }
}
