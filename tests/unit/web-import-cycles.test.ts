import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in the web app (docs/web.md, "Features and their imports"). The boundary rules
 * in eslint.config.js let a feature import another feature's index.ts; this test keeps those imports
 * one-way, between features and between any two modules of web/src: it follows every static and
 * dynamic relative import of the source (tests aside) and fails on a circle, naming a file per step.
 * A piece two features both need moves down to web/src/lib or web/src/components instead.
 */
const root = join(import.meta.dirname, '../..');
const web = join(root, 'web/src');
const features = join(web, 'features');

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

/** node → imported node → the file whose import made the edge (for the message). */
type Graph = Map<string, Map<string, string>>;

/** The relative imports of web/src, grouped by `nodeOf` (a file, or its feature); other targets are left out. */
function importGraph(nodeOf: (file: string) => string | undefined): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(web)) {
    const from = nodeOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = nodeOf(resolveImport(file, fileName) ?? '');
      if (to && to !== from && !edges.has(to)) edges.set(to, relative(root, file));
    }
  }
  return graph;
}

const featureOf = (file: string) => (file.startsWith(features) ? relative(features, file).split('/')[0] : undefined);
const moduleOf = (file: string) => (file.startsWith(web) ? relative(web, file) : undefined);

/** Every elementary circle, each reported once, from its alphabetically first node. */
function circles(graph: Graph): string[] {
  const found: string[] = [];
  const step = (from: string, to: string) => `${from} (${graph.get(from)!.get(to)})`;
  const walk = (start: string, path: string[]) => {
    for (const next of graph.get(path.at(-1)!)?.keys() ?? []) {
      if (next === start) found.push([...path.map((node, i) => step(node, path[i + 1] ?? start)), start].join(' → '));
      else if (next > start && !path.includes(next)) walk(start, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return found;
}

describe('web imports', () => {
  it('run between features without circles', () => {
    const graph = importGraph(featureOf);
    expect(graph.size).toBeGreaterThan(10);
    expect([...graph.values()].some((edges) => edges.size > 0)).toBe(true);
    expect(circles(graph)).toEqual([]);
  });

  it('run between modules without circles', () => {
    const graph = importGraph(moduleOf);
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph: Graph = new Map([
      ['a', new Map([['b', 'a.ts']])],
      ['b', new Map([['c', 'b.ts']])],
      ['c', new Map([['a', 'c.ts']])],
    ]);
    expect(circles(graph)).toEqual(['a (a.ts) → b (b.ts) → c (c.ts) → a']);
  });
});
