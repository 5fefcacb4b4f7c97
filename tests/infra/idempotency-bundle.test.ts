/**
 * Lambda bundles replace Powertools' JMESPath engine with a stand-in that throws if reached
 * (infra/bundling/unused-jmespath.ts). This runs the idempotency code bundled that way over
 * DynamoDB Local, so a configuration that starts using JMESPath fails here, not in production.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../packages/core/src/db.ts';
import { startDynamoLocal, type EmbeddedDynamo } from '../../packages/local/src/dynamodb-local.ts';
import type * as Idempotency from '../../packages/pipeline/src/idempotency.ts';
import { importBundled } from './support.ts';

let bundled: Awaited<ReturnType<typeof importBundled<typeof Idempotency>>>;
let dynamo: EmbeddedDynamo;

beforeAll(async () => {
  dynamo = await startDynamoLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = `test-${randomUUID()}`;
  await ensureTable(process.env.TABLE_NAME);
  bundled = await importBundled<typeof Idempotency>('packages/pipeline/src/idempotency.ts');
});
afterAll(async () => {
  bundled?.dispose();
  await dynamo?.stop();
});

const context = () => ({ functionName: 'test', getRemainingTimeInMillis: () => 10_000 }) as never;

describe('the bundled idempotency utility (no JMESPath engine)', () => {
  it('answers a repeat with the first answer, and another request with the same key 422', async () => {
    expect(bundled.inputs).toContain('infra/bundling/unused-jmespath.ts');
    const { runOnce } = bundled.module;
    const auth = { accountId: randomUUID(), userId: randomUUID() } as never;
    const submit = (body: unknown) => ({ route: 'clients/create-client', auth, key: 'k-1', params: null, body, context: context() });
    let runs = 0;
    const create = () => Promise.resolve({ statusCode: 201, headers: {}, body: JSON.stringify({ n: ++runs }) });

    const first = await runOnce(submit({ firstName: 'A' }), create);
    const again = await runOnce(submit({ firstName: 'A' }), create);
    expect(again).toEqual(first);
    expect(runs).toBe(1);
    await expect(runOnce(submit({ firstName: 'B' }), create)).rejects.toMatchObject({ status: 422 });
    expect(runs).toBe(1);
  });
});
