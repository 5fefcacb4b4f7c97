/**
 * One piece of work measured in this process: its time, the DynamoDB requests the shared client
 * sent meanwhile, and how far heap and resident memory rose above where they started (sampled
 * every 20 ms). The benches run the server and the jobs in-process, so that is their memory.
 */
import { randomUUID } from 'node:crypto';
import { db } from '../packages/core/src/db.ts';

export async function measure<T>(work: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  let requests = 0;
  const name = `benchCount${randomUUID()}`;
  db().middlewareStack.add((next) => (args) => ((requests += 1), next(args)), { step: 'initialize', name });
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  db().middlewareStack.remove(name);
  return { result, seconds, requests, heapMiB: (peakHeap - before.heapUsed) / 2 ** 20, rssMiB: (peakRss - before.rss) / 2 ** 20 };
}
