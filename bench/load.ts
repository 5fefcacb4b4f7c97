/** A small closed-loop load generator: `concurrency` workers call `task` back to back for `seconds`. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** `task(worker, i)` resolves true for success; its time in ms is recorded either way. */
export async function runLoad(task: (worker: number, i: number) => Promise<boolean>, opts: { concurrency: number; seconds: number }): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await task(worker, n++).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  return summarize(latencies, errors, (performance.now() - started) / 1000);
}
