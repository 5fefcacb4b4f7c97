import { BatchGetCommand, DynamoDBDocumentClient, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableName } from '../table.ts';
import { BATCH_GET_ATTEMPTS, backoffCeilingMs, batchGetItems, UnprocessedKeysError } from './batch-get.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const table = tableName();

const keyOf = (n: number) => ({ PK: 'ACCT#a', SK: `ITEM#${String(n).padStart(4, '0')}` });
const itemOf = (key: { PK: string; SK: string }) => ({ ...key, id: key.SK.slice(5) });
const keysAsked = (input: BatchGetCommandInput) => (input.RequestItems?.[table]?.Keys ?? []) as { PK: string; SK: string }[];

/** A table that answers every key asked (`leave` picks the keys it leaves unprocessed this time). */
function answering(leave: (keys: { PK: string; SK: string }[], call: number) => { PK: string; SK: string }[] = () => []) {
  let call = 0;
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const asked = keysAsked(input);
    const left = leave(asked, ++call);
    const served = asked.filter((k) => !left.includes(k));
    // DynamoDB answers in no particular order: reversed here, so no caller may lean on the keys' order.
    return { Responses: { [table]: served.map(itemOf).reverse() }, UnprocessedKeys: left.length ? { [table]: { ...input.RequestItems![table], Keys: left } } : {} };
  });
}

beforeEach(() => dynamo.reset());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('batchGetItems', () => {
  it('asks for at most 100 keys a request, and answers every item found whatever the order', async () => {
    answering();
    const wanted = Array.from({ length: 250 }, (_, i) => keyOf(i));
    const found = await batchGetItems<{ id: string }>(wanted);
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls.map((c) => keysAsked(c.args[0].input).length)).toEqual([100, 100, 50]);
    expect(found.map((f) => f.id).sort()).toEqual(wanted.map((k) => k.SK.slice(5)).sort());
  });

  it('reads a key named twice once', async () => {
    answering();
    const found = await batchGetItems([keyOf(1), keyOf(2), keyOf(1)]);
    expect(keysAsked(dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input)).toEqual([keyOf(1), keyOf(2)]);
    expect(found).toHaveLength(2);
  });

  it('makes no request for no keys', async () => {
    answering();
    expect(await batchGetItems([])).toEqual([]);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('keeps the consistent read and the projection on every request, retries included', async () => {
    answering((keys, call) => (call === 1 ? keys.slice(0, 3) : []));
    await batchGetItems([keyOf(1), keyOf(2), keyOf(3), keyOf(4)], { consistent: true, attributes: ['id', 'participants'] });
    const inputs = dynamo.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems![table]!);
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      expect(input.ConsistentRead).toBe(true);
      expect(input.ProjectionExpression).toBe('#a0, #a1');
      expect(input.ExpressionAttributeNames).toEqual({ '#a0': 'id', '#a1': 'participants' });
    }
  });

  it('asks again for the keys left unprocessed, and only for them, until every one is answered', async () => {
    // Each round leaves half of what it was asked.
    answering((keys) => keys.slice(0, Math.floor(keys.length / 2)));
    const wanted = Array.from({ length: 8 }, (_, i) => keyOf(i));
    const found = await batchGetItems<{ id: string }>(wanted);
    const asked = dynamo.commandCalls(BatchGetCommand).map((c) => keysAsked(c.args[0].input));
    expect(asked.map((k) => k.length)).toEqual([8, 4, 2, 1]);
    expect(asked[1]).toEqual(wanted.slice(0, 4));
    expect(found.map((f) => f.id).sort()).toEqual(wanted.map((k) => k.SK.slice(5)).sort());
  });

  it('backs off before each retry, within a bounded wait, and gives up with a clear error after the last attempt', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.999); // the longest wait full jitter can pick
    answering((keys) => keys); // a table that never answers
    const started = Date.now();
    const reading = batchGetItems([keyOf(1), keyOf(2)]);
    const refused = expect(reading).rejects.toThrow(new UnprocessedKeysError(2));
    await vi.runAllTimersAsync();
    await refused;
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(BATCH_GET_ATTEMPTS);
    const ceilings = Array.from({ length: BATCH_GET_ATTEMPTS - 1 }, (_, i) => backoffCeilingMs(i + 1));
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(ceilings.reduce((a, b) => a + b, 0));
  });

  it('doubles the longest wait from one retry to the next, up to a cap', () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => backoffCeilingMs(i + 1));
    expect(ceilings[1]).toBe(2 * ceilings[0]!);
    expect(ceilings[2]).toBe(2 * ceilings[1]!);
    const cap = Math.max(...ceilings);
    expect(ceilings.at(-1)).toBe(cap);
    expect(ceilings.every((c, i) => i === 0 || c >= ceilings[i - 1]!)).toBe(true);
  });

  it('keeps at most `parallelChunks` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.on(BatchGetCommand).callsFake(async (input: BatchGetCommandInput) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return { Responses: { [table]: keysAsked(input).map(itemOf) } };
    });
    const found = await batchGetItems(Array.from({ length: 1000 }, (_, i) => keyOf(i)), { parallelChunks: 3 });
    expect(found).toHaveLength(1000);
    expect(most).toBe(3);
  });
});
