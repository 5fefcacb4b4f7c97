/**
 * Bounded concurrency: work over many items with at most `limit` of them in flight, so a long list
 * (a year of sessions, a district's clients, the chunks of a BatchGet) neither runs one at a time nor
 * opens hundreds of requests at once. The one helper for it (docs/data-helpers.md).
 *
 * A failure is thrown only once every running item has settled, so the caller knows nothing is still
 * being written when it cleans up or answers. After the first failure no new item is started, unless
 * the caller asks for every item to be tried (`afterFailure: 'continue'`: a bulk job that records each
 * item's own outcome).
 */

export interface PoolOptions {
  /** 'stop' (the default): start no new item after a failure; 'continue': try every item all the same. */
  afterFailure?: 'stop' | 'continue';
}

/**
 * Runs `work` over `items` (an array, or a stream read as the pool frees a place), at most `limit`
 * at a time; throws the first failure once the running ones have settled.
 */
export async function eachInPool<T>(
  items: Iterable<T> | AsyncIterable<T>,
  work: (item: T, index: number) => Promise<unknown>,
  limit: number,
  opts: PoolOptions = {},
): Promise<void> {
  const source: AsyncIterator<T> | Iterator<T> = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let index = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure || opts.afterFailure === 'continue') {
      // Workers share one iterator: each `next` hands out a different item (an async generator queues the calls).
      const next = await source.next();
      if (next.done) return;
      const i = index++;
      try {
        await work(next.value, i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failure) {
    // A stream left part-read is closed, as a `for await` leaving on a throw would close it.
    await source.return?.();
    throw failure.error;
  }
}

/** `work` over `items`, at most `limit` at a time; the results in the items' order. */
export async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>, limit: number, opts: PoolOptions = {}): Promise<R[]> {
  const results = new Array<R>(items.length);
  await eachInPool(items, async (item, i) => (results[i] = await work(item)), Math.min(limit, items.length), opts);
  return results;
}
