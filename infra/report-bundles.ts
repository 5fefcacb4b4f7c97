/**
 * Prints every Lambda function's bundle size from a synthesized cloud assembly:
 *
 *   npx tsx infra/report-bundles.ts [cdk.out] [--budget=150] [--strict]
 *
 * It reads each stack template, finds every AWS::Lambda::Function whose code is a file asset
 * (asset.<hash>/index.mjs), and prints the minified size, gzip size and source map size, largest
 * first, marking those above their budget (bundleBudgetKiB; `--budget` changes the typical one).
 * `--strict` exits 1 when any bundle is over budget. infra/app.ts prints the same report after
 * every synth with real bundling; tests/infra/bundles.test.ts enforces the budgets.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeList, workers, type FunctionDef } from '../packages/contract/src/manifest.ts';

/** A typical function's bundle budget, minified (cold start parses all of it). */
export const BUNDLE_BUDGET_KIB = 150;
/**
 * A function that declares `pdf` may carry the PDF writer (packages/core/src/pdf/document.ts): its
 * bundle measured 1103 KiB minified (notes/download-progress-note-pdf; gzip 376 KiB), of which
 * ECharts with zrender 490, fontkit 227, PDFKit 127, svg-to-pdfkit 61, bidi-js 13, the handler and
 * pipeline the rest; brotli (475 KiB, fontkit's WOFF2 decoder) is left out (infra/bundling/unused-brotli.ts).
 * The budget leaves about 15% for the writer to grow. The fonts go beside the bundle, not in it.
 */
export const PDF_BUNDLE_BUDGET_KIB = 1280;

/**
 * Functions that read roster zips (declaring `rosterUploads`: the preview route, the job worker)
 * carry a zip reader and a CSV parser (yauzl, csv-parse: about 90 KiB minified together); the
 * worker was at 147 KiB before them. Well-kept parsers, not hand-written ones (docs/roster-import.md).
 */
export const ROSTER_BUNDLE_BUDGET_KIB = 256;

/**
 * A function's budget from what it declares. One that declares both the PDF writer and roster zips
 * (the job worker, which runs every background job: whole exports print notes and reports as PDF,
 * roster previews read zips) gets the PDF budget plus the roster readers' share above a typical
 * function (1314 KiB measured when the whole export joined it).
 */
export function bundleBudgetKiB(fn: Pick<FunctionDef, 'uses'> | undefined, typical = BUNDLE_BUDGET_KIB): number {
  const pdf = fn?.uses?.includes('pdf') ?? false;
  const roster = fn?.uses?.includes('rosterUploads') ?? false;
  if (pdf && roster) return PDF_BUNDLE_BUDGET_KIB + (ROSTER_BUNDLE_BUDGET_KIB - BUNDLE_BUDGET_KIB);
  if (pdf) return PDF_BUNDLE_BUDGET_KIB;
  return roster ? ROSTER_BUNDLE_BUDGET_KIB : typical;
}

const declarations = new Map<string, FunctionDef>([...routeList, ...Object.values(workers)].map((f) => [f.handler, f]));

export interface BundleInfo {
  /** The function's description: `GET /api/user (auth/get-current-user)`, or its logical id. */
  name: string;
  /** The handler module named at the end of the description, when there is one. */
  handler?: string;
  logicalId: string;
  assetDir: string;
  bytes: number;
  gzipBytes: number;
  mapBytes: number;
}

interface Template {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
}

function stackTemplates(assemblyDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(assemblyDir, 'manifest.json'), 'utf8')) as {
    artifacts?: Record<string, { type: string; properties?: { templateFile?: string } }>;
  };
  const stacks = Object.values(manifest.artifacts ?? {})
    .filter((a) => a.type === 'aws:cloudformation:stack' && a.properties?.templateFile)
    .map((a) => join(assemblyDir, a.properties!.templateFile!));
  // Nested stacks (the API route groups, constructs/routes.ts) are assets of their parent, not artifacts.
  const nested = readdirSync(assemblyDir)
    .filter((f) => f.endsWith('.nested.template.json'))
    .map((f) => join(assemblyDir, f));
  return [...stacks, ...nested];
}

/** The asset directory of a function: from asset metadata, or from the S3 key `<hash>.zip`. */
function assetDirOf(assemblyDir: string, resource: { Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }) {
  const metaPath = resource.Metadata?.['aws:asset:path'];
  if (typeof metaPath === 'string') return join(assemblyDir, metaPath);
  const code = resource.Properties?.Code as { S3Key?: unknown } | undefined;
  if (typeof code?.S3Key === 'string' && code.S3Key.endsWith('.zip')) return join(assemblyDir, `asset.${code.S3Key.slice(0, -4)}`);
  return undefined;
}

export function collectBundles(assemblyDir: string): BundleInfo[] {
  const out: BundleInfo[] = [];
  for (const file of stackTemplates(assemblyDir)) {
    const template = JSON.parse(readFileSync(file, 'utf8')) as Template;
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const dir = assetDirOf(assemblyDir, resource);
      if (!dir) continue; // inline code (placeholder mode)
      const entry = ['index.mjs', 'index.js'].map((f) => join(dir, f)).find((f) => existsSync(f));
      if (!entry) continue; // not a Node bundle (e.g. the S3 deployment's Python handler)
      const map = `${entry}.map`;
      const description = resource.Properties?.Description;
      const name = typeof description === 'string' ? description : logicalId;
      out.push({
        name,
        handler: /\(([\w/-]+)\)$/.exec(name)?.[1],
        logicalId,
        assetDir: dir,
        bytes: statSync(entry).size,
        gzipBytes: gzipSync(readFileSync(entry)).length,
        mapBytes: existsSync(map) ? statSync(map).size : 0,
      });
    }
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export function formatReport(bundles: BundleInfo[], budgetKiB = BUNDLE_BUDGET_KIB): string {
  if (bundles.length === 0) return 'No bundled functions in the assembly (synthesized without bundling?).';
  const budgetOf = (b: BundleInfo) => bundleBudgetKiB(b.handler ? declarations.get(b.handler) : undefined, budgetKiB);
  const isOver = (b: BundleInfo) => b.bytes > budgetOf(b) * 1024;
  const width = Math.max(...bundles.map((b) => b.name.length));
  const lines = bundles.map(
    (b) =>
      `${isOver(b) ? '!' : ' '} ${b.name.padEnd(width)}  ${kib(b.bytes).padStart(10)}  gzip ${kib(b.gzipBytes).padStart(9)}  map ${kib(b.mapBytes).padStart(9)}` +
      (budgetOf(b) !== budgetKiB ? `  (budget ${budgetOf(b)} KiB)` : ''),
  );
  const total = bundles.reduce((s, b) => s + b.bytes, 0);
  const sorted = bundles.map((b) => b.bytes).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const over = bundles.filter(isOver).length;
  return [
    `Lambda bundles (${bundles.length}), minified index.mjs, largest first; ! = over budget (${budgetKiB} KiB unless shown)`,
    ...lines,
    `total ${kib(total)}, median ${kib(median)}, largest ${kib(sorted[sorted.length - 1] ?? 0)}, over budget: ${over}`,
  ].join('\n');
}

function main(argv: string[]) {
  const dir = resolve(argv.find((a) => !a.startsWith('--')) ?? 'cdk.out');
  const budgetArg = argv.find((a) => a.startsWith('--budget='));
  const budget = budgetArg ? Number(budgetArg.slice('--budget='.length)) : BUNDLE_BUDGET_KIB;
  if (!existsSync(join(dir, 'manifest.json'))) {
    console.error(`No cloud assembly at ${dir}: run npm run synth first.`);
    process.exit(1);
  }
  const bundles = collectBundles(dir);
  console.log(formatReport(bundles, budget));
  if (argv.includes('--strict') && bundles.some((b) => b.bytes > bundleBudgetKiB(b.handler ? declarations.get(b.handler) : undefined, budget) * 1024)) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
