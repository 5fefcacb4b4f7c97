import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '@caseload/contract/manifest';
import type { ApiEvent } from './http.ts';
import { createHandler, reply } from './pipeline.ts';
import { ResponseContractError } from './response-check.ts';

// The test runs keep the logger silent; this file reads what it logs. Read when the logger is made.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
});

const route = {
  method: 'GET',
  path: '/api/things',
  handler: 'things/get-thing',
  auth: 'public',
  response: z.object({ name: z.string(), count: z.number() }),
} satisfies RouteDef;

const event = { headers: { host: 'localhost' }, requestContext: { http: { sourceIp: '127.0.0.1' }, requestId: 'r1' } } as unknown as ApiEvent;

/** A handler whose answer carries a PHI-like value in the wrong type and a key the schema does not name. */
const wrong = createHandler(route, () => ({ name: 'Ava M.', count: 'Ava M. has 3 goals', internalKey: 'ACCT#1' }) as never);

/** Everything the pipeline's logger wrote while `fn` ran. */
async function logged(fn: () => Promise<unknown>) {
  const lines: string[] = [];
  const capture = (chunk: unknown) => (lines.push(String(chunk)), true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const spies = (['log', 'info', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation((...args) => void lines.push(args.join(' '))));
  try {
    return { result: await fn(), text: lines.join('\n') };
  } finally {
    [out, err, ...spies].forEach((s) => s.mockRestore());
  }
}

afterEach(() => vi.unstubAllEnvs());

describe('answers checked against the route response schema', () => {
  it('in tests, throws with the route and every issue, unknown keys included', async () => {
    const failure = await logged(() => wrong(event, {} as never).catch((e: unknown) => e));
    expect(failure.result).toBeInstanceOf(ResponseContractError);
    const error = failure.result as ResponseContractError;
    expect(error.message).toContain('GET /api/things');
    expect(error.issues.map((i) => [i.path, i.code])).toEqual(
      expect.arrayContaining([
        ['count', 'invalid_type'],
        ['', 'unrecognized_keys'],
      ]),
    );
  });

  it('in development, answers 500 and logs the route and issue paths, never the values', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const { result, text } = await logged(() => wrong(event, {} as never));
    expect(result).toMatchObject({ statusCode: 500 });
    expect(JSON.parse((result as { body: string }).body)).toEqual({ message: 'Internal server error' });
    expect(text).toContain('response_contract_mismatch');
    expect(text).toContain('/api/things');
    expect(text).toContain('"count"');
    expect(text).toContain('internalKey');
    expect(text).not.toContain('Ava');
    expect(text).not.toContain('ACCT#1');
  });

  it('in production, sends the answer unchecked (Lambda bundles define NODE_ENV=production)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const result = await wrong(event, {} as never);
    expect(result.statusCode).toBe(200);
  });

  it('refuses at compile time a handler whose answer is not the response', () => {
    // @ts-expect-error count must be a number
    createHandler(route, () => ({ name: 'x', count: 'one' }));
    // @ts-expect-error the reply's body is checked too
    createHandler(route, () => reply({ status: 201, body: { name: 'x' } }));
    // @ts-expect-error a file answers only a route whose response is a string
    createHandler(route, () => reply({ status: 200, body: 'a,b', contentType: 'text/csv' }));
  });

  it('passes a matching answer, and leaves files and their content type alone', async () => {
    const right = createHandler(route, () => reply({ status: 201, body: { name: 'x', count: 1 } }));
    expect((await right(event, {} as never)).statusCode).toBe(201);
    const file = createHandler({ ...route, response: z.string() }, () => reply({ status: 200, body: 'a,b\r\n', contentType: 'text/csv' }));
    expect(await file(event, {} as never)).toMatchObject({ statusCode: 200, body: 'a,b\r\n' });
  });
});
