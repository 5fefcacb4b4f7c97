/**
 * Reading many items by key: BatchGetItem in chunks of DynamoDB's 100 keys, asking again for the
 * keys DynamoDB left unprocessed (it does so under throttling, or past 16 MB of answer) after an
 * exponential back-off with full jitter, a bounded number of times, then failing with a clear error
 * rather than answering without them. The one home of that loop (docs/data-helpers.md).
 *
 * The answer holds the items that exist, in no particular order (DynamoDB does not keep the keys'
 * order): callers index them by id or key.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { eachInPool } from '../concurrency.ts';
import { db } from '../db.ts';
import type { ItemKey } from '../prefetch.ts';
import { tableName } from '../table.ts';

/** DynamoDB's limit on the keys of one BatchGetItem. */
export const BATCH_GET_KEYS = 100;
/** Requests for one chunk (the first and its retries of unprocessed keys) before giving up. */
export const BATCH_GET_ATTEMPTS = 8;
/** The first retry waits up to this long; each later one up to twice the one before, never more than BACKOFF_CAP_MS. */
const BACKOFF_BASE_MS = 25;
const BACKOFF_CAP_MS = 1_000;

export interface BatchGetOptions {
  /** Strongly consistent reads: a write a moment ago is seen (a read before a conditional write, a signature just made). */
  consistent?: boolean;
  /** Only these attributes of each item (a projection); every attribute when absent. */
  attributes?: readonly string[];
  /** Chunks of 100 keys in flight at once (default one after another). */
  parallelChunks?: number;
}

export class UnprocessedKeysError extends Error {
  constructor(readonly unprocessed: number) {
    super(`BatchGetItem left ${unprocessed} keys unprocessed after ${BATCH_GET_ATTEMPTS} attempts`);
    this.name = 'UnprocessedKeysError';
  }
}

/** The longest wait before retry `retry` (1, 2, …): full jitter picks a wait between 0 and it. */
export const backoffCeilingMs = (retry: number) => Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const idOf = (key: ItemKey) => `${key.PK}\n${key.SK}`;

/** The items of `itemKeys` that exist (a key named twice is read once). */
export async function batchGetItems<T>(itemKeys: readonly ItemKey[], opts: BatchGetOptions = {}): Promise<T[]> {
  const unique = [...new Map(itemKeys.map((k) => [idOf(k), { PK: k.PK, SK: k.SK }])).values()];
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) chunks.push(unique.slice(i, i + BATCH_GET_KEYS));
  // Most reads (every request's login session among them) are one chunk: no pool for those.
  if (chunks.length <= 1) return chunks.length ? readChunk<T>(chunks[0]!, opts) : [];
  const found: T[] = [];
  await eachInPool(chunks, async (chunk) => found.push(...(await readChunk<T>(chunk, opts))), opts.parallelChunks ?? 1);
  return found;
}

function projectionOf(attributes: readonly string[] | undefined) {
  if (!attributes) return {};
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  return { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names };
}

async function readChunk<T>(chunk: ItemKey[], opts: BatchGetOptions): Promise<T[]> {
  const table = tableName();
  const request = { ...projectionOf(opts.attributes), ...(opts.consistent ? { ConsistentRead: true } : {}) };
  const found: T[] = [];
  let pending: ItemKey[] = chunk;
  for (let attempt = 1; ; attempt++) {
    const res = await db().send(new BatchGetCommand({ RequestItems: { [table]: { ...request, Keys: pending } } }));
    found.push(...((res.Responses?.[table] ?? []) as T[]));
    pending = (res.UnprocessedKeys?.[table]?.Keys ?? []) as ItemKey[];
    if (!pending.length) return found;
    if (attempt >= BATCH_GET_ATTEMPTS) throw new UnprocessedKeysError(pending.length);
    await sleep(Math.random() * backoffCeilingMs(attempt));
  }
}
