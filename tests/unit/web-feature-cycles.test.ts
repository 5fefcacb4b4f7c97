import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circle between web features (docs/web.md, "Features and their imports"). The boundary
 * rules in eslint.config.js let a feature import another feature's index.ts; this test keeps those
 * imports one-way: it follows every static and dynamic relative import of the features' source
 * (tests aside) and fails on any circle of features, naming one file per step. A piece two features
 * both need moves down to web/src/lib or web/src/components instead.
 */
const root = join(import.meta.dirname, '../..');
const features = join(root, 'web/src/features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};
const resolveImport = (from: string, specifier: string) =>
  [resolve(dirname(from), specifier)].flatMap((base) => [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]).find(isFile);
const featureOf = (file: string) => (file.startsWith(features) ? relative(features, file).split('/')[0] : undefined);

/** feature → imported feature → the first file that imports it (for the message). */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(features)) {
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = featureOf(resolveImport(file, fileName) ?? '');
      if (to && to !== from && !edges.has(to)) edges.set(to, relative(root, file));
    }
  }
  return graph;
}

/** Every elementary circle, each reported once, from its alphabetically first feature. */
function circles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const step = (from: string, to: string) => `${from} (${graph.get(from)!.get(to)})`;
  const walk = (start: string, path: string[]) => {
    for (const next of graph.get(path.at(-1)!)?.keys() ?? []) {
      if (next === start) found.push([...path.map((f, i) => step(f, path[i + 1] ?? start)), start].join(' → '));
      else if (next > start && !path.includes(next)) walk(start, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return found;
}

describe('web features', () => {
  it('import each other without circles', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect([...graph.values()].some((edges) => edges.size > 0)).toBe(true);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a.ts']])],
      ['b', new Map([['c', 'b.ts']])],
      ['c', new Map([['a', 'c.ts']])],
    ]);
    expect(circles(graph)).toEqual(['a (a.ts) → b (b.ts) → c (c.ts) → a']);
  });
});
