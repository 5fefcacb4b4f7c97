import { describe, expect, it } from 'vitest';
import { eachInPool, inPool } from './concurrency.ts';

/** A task that counts how many run at once and settles on the next turn of the event loop. */
function tracked() {
  const state = { inFlight: 0, most: 0, started: [] as number[], finished: [] as number[] };
  const run = async (n: number) => {
    state.started.push(n);
    state.most = Math.max(state.most, ++state.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    state.inFlight--;
    state.finished.push(n);
    if (n < 0) throw new Error(`failed ${n}`);
    return n * 10;
  };
  return { state, run };
}

describe('inPool', () => {
  it('answers every result in the items’ order with at most `limit` in flight', async () => {
    const { state, run } = tracked();
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(await inPool(items, run, 4)).toEqual(items.map((n) => n * 10));
    expect(state.most).toBe(4);
  });

  it('answers an empty list without calling the work', async () => {
    const { state, run } = tracked();
    expect(await inPool([], run, 4)).toEqual([]);
    expect(state.started).toEqual([]);
  });

  it('starts no new item after a failure and throws it once the running ones have settled', async () => {
    const { state, run } = tracked();
    const items = [1, -2, 3, 4, 5, 6, 7, 8];
    await expect(inPool(items, run, 2)).rejects.toThrow('failed -2');
    expect(state.inFlight).toBe(0);
    expect(state.started.length).toBeLessThan(items.length);
    expect([...state.finished].sort()).toEqual([...state.started].sort());
  });

  it('tries every item when asked to, and throws the first failure at the end', async () => {
    const { state, run } = tracked();
    const items = [1, -2, 3, -4, 5];
    await expect(inPool(items, run, 2, { afterFailure: 'continue' })).rejects.toThrow('failed -2');
    expect([...state.finished].sort()).toEqual([...items].sort());
  });
});

describe('eachInPool', () => {
  it('reads a stream as places free up, never more than `limit` items at once', async () => {
    const { state, run } = tracked();
    let produced = 0;
    async function* stream() {
      for (let n = 0; n < 12; n++) {
        produced++;
        yield n;
      }
    }
    await eachInPool(stream(), run, 3);
    expect(produced).toBe(12);
    expect([...state.finished].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(state.most).toBe(3);
  });

  it('closes a stream it leaves part-read after a failure', async () => {
    const { run } = tracked();
    let closed = false;
    async function* stream() {
      try {
        for (let n = 0; n < 100; n++) yield n === 1 ? -1 : n;
      } finally {
        closed = true;
      }
    }
    await expect(eachInPool(stream(), run, 2)).rejects.toThrow('failed -1');
    expect(closed).toBe(true);
  });
});
