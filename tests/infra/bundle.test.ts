/**
 * Real bundling, once: the stack is synthesized with esbuild bundling for `GET /api/user` only,
 * and the bundle is taken from the synthesized cloud assembly and run by a separate Node process,
 * laid out as Lambda lays it out: the asset in a task directory, and next to it only what the
 * nodejs24.x runtime provides (the AWS SDK v3). It answers a synthetic API Gateway HTTP API v2
 * event without a cookie with 401, without touching DynamoDB (the endpoint is unreachable).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/config.ts';
import { ESM_REQUIRE_BANNER } from '../../infra/constructs/functions.ts';
import { collectBundles } from '../../infra/report-bundles.ts';
import { handlerFunctions, synthStack } from './support.ts';

const HANDLER = 'auth/get-current-user';

/** Starts the line holding the handler's result: the handler's own log and EMF lines share stdout. */
const RESULT_MARKER = 'HANDLER_RESULT ';

/** Runs the bundle's handler in a fresh Node process; prints the result as JSON after RESULT_MARKER. */
const RUNNER = `const RESULT_MARKER = ${JSON.stringify(RESULT_MARKER)};

const { pathToFileURL } = await import('node:url');
const [file, eventJson] = process.argv.slice(1);
const mod = await import(pathToFileURL(file).href);
const result = await mod.handler(JSON.parse(eventJson), { functionName: 'test', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10000 });
process.stdout.write('\\n' + RESULT_MARKER + JSON.stringify(result) + '\\n');
`;

function httpApiEvent(headers: Record<string, string>, cookies?: string[]) {
  return {
    version: '2.0',
    routeKey: 'GET /api/user',
    rawPath: '/api/user',
    rawQueryString: '',
    ...(cookies ? { cookies } : {}),
    headers: {
      host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'x-forwarded-proto': 'https',
      'user-agent': 'vitest',
      accept: 'application/json',
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'GET', path: '/api/user', protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey: 'GET /api/user',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1767225600000,
    },
    isBase64Encoded: false,
  };
}

describe(`the bundled ${HANDLER}`, () => {
  let work: string;
  let bundleFile: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'caseload-bundle-'));
    const app = new App({ outdir: join(work, 'cdk.out') });
    const { resources } = synthStack({ bundling: { only: [HANDLER] } }, app);
    const assembly = app.synth();

    const fn = handlerFunctions(resources).get(HANDLER)!;
    const bundle = collectBundles(assembly.directory).find((b) => b.logicalId === fn.id);
    expect(bundle, 'the function has a bundled asset').toBeDefined();

    // /var/task equivalent, plus the runtime-provided SDK beside it.
    const task = join(work, 'task');
    cpSync(bundle!.assetDir, task, { recursive: true });
    mkdirSync(join(work, 'node_modules'));
    symlinkSync(join(repoRoot, 'node_modules', '@aws-sdk'), join(work, 'node_modules', '@aws-sdk'), 'dir');
    bundleFile = join(task, 'index.mjs');
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  function invoke(event: unknown) {
    const run = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', RUNNER, bundleFile, JSON.stringify(event)], {
      cwd: work,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH ?? '',
        TABLE_NAME: 'caseload-test',
        AWS_REGION: 'eu-west-1',
        // Unreachable on purpose: answering without a cookie must not need the database.
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        COOKIE_SECURE: 'true',
        ALLOWED_ORIGINS: 'https://caseload.example.org',
        NODE_OPTIONS: '',
      },
    });
    expect(run.status, run.stderr).toBe(0);
    const line = run.stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
    expect(line, run.stdout).toBeDefined();
    return JSON.parse(line!.slice(RESULT_MARKER.length)) as { statusCode: number; headers?: Record<string, string>; body?: string };
  }

  it('is an ES module with the require banner, minified, with a source map', () => {
    const code = readFileSync(bundleFile, 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(existsSync(`${bundleFile}.map`)).toBe(true);
    // Only Node built-ins and the runtime's AWS SDK may stay external.
    const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    for (const spec of specifiers) expect(spec, spec).toMatch(/^(node:|@aws-sdk\/|module$|[a-z_]+$)/);
    expect(code).not.toContain('@caseload/');
  });

  it('answers 401 to GET /api/user without a cookie', () => {
    const result = invoke(httpApiEvent({}));
    expect(result.statusCode).toBe(401);
    expect(result.headers?.['Cache-Control']).toBe('no-store');
    expect(JSON.parse(result.body ?? '{}')).toHaveProperty('message');
  });

  it('answers 401 with X-Session-Expired to a malformed session cookie, still without the database', () => {
    const result = invoke(httpApiEvent({}, ['caseload_session=not-a-session']));
    expect(result.statusCode).toBe(401);
    expect(result.headers?.['X-Session-Expired']).toBe('true');
  });
});
