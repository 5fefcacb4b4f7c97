/** What the handlers log and which metrics they publish, read in the test process. */
import { Metrics } from '@aws-lambda-powertools/metrics';
import { vi } from 'vitest';

type EmfDocument = ReturnType<Metrics['serializeMetrics']>;

/** One metric as published: its name, unit, value and dimensions (service, and route where there is one). */
export interface PublishedMetric {
  name: string;
  unit: string;
  value: number;
  dimensions: Record<string, string>;
}

/**
 * Records every EMF document the handlers publish, in place of printing it (the test runs disable
 * EMF output anyway): serialized as Powertools would print it, then cleared as a publish clears.
 * Covers the shared instance and single metrics alike.
 */
export function recordMetrics() {
  const documents: EmfDocument[] = [];
  const spy = vi.spyOn(Metrics.prototype, 'publishStoredMetrics').mockImplementation(function (this: Metrics) {
    if (this.hasStoredMetrics()) documents.push(this.serializeMetrics());
    this.clearMetrics();
    this.clearDimensions();
    this.clearMetadata();
    return this;
  });
  const metrics = (): PublishedMetric[] =>
    documents.flatMap((doc) => {
      const directive = doc._aws.CloudWatchMetrics[0]!;
      const dimensions = Object.fromEntries((directive.Dimensions[0] ?? []).map((d) => [d, String(doc[d])]));
      return directive.Metrics.map((m) => {
        const value = doc[m.Name] as number | number[];
        return { name: m.Name, unit: String(m.Unit), value: Array.isArray(value) ? value.reduce((a, b) => a + b, 0) : value, dimensions };
      });
    });
  return {
    documents,
    metrics,
    named: (name: string) => metrics().filter((m) => m.name === name),
    clear: () => documents.splice(0),
    restore: () => spy.mockRestore(),
  };
}

/**
 * Everything written to stdout, stderr or the console, as text (Powertools' Logger writes to
 * process.stdout through a Console of its own). Nothing is passed through.
 */
export function captureOutput() {
  const chunks: string[] = [];
  const keep = (...args: unknown[]) => {
    chunks.push(args.map((a) => (typeof a === 'string' ? a : a instanceof Uint8Array ? Buffer.from(a).toString('utf8') : JSON.stringify(a))).join(' '));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
    ...(['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((m) => vi.spyOn(console, m).mockImplementation(keep)),
  ];
  return {
    text: () => chunks.join('\n'),
    /** The JSON lines (the logger's and EMF's). */
    lines: () =>
      chunks
        .flatMap((c) => c.split('\n'))
        .filter((l) => l.trim().startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>),
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}
