/**
 * Every function's bundle, built with infra's settings (in memory, with the metafile; the handlers
 * that share their defines in one esbuild pass), checked against its manifest declaration:
 *
 * - a bundle that reaches a capability's module (the Bedrock client, the SQS client, the TOTP
 *   sealing module) declares the capability, or the cloud refuses the call its code makes; and a
 *   declared capability is reached, or the function holds a permission it never uses;
 * - a bundle stays within its size budget.
 *
 * The AWS SDK is external (the runtime's), so reaching it shows in the bundle's own imports.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, workers, type Capability, type FunctionDef, type RouteDef } from '../../packages/contract/src/manifest.ts';
import { FONTS_FOLDER, pdfFontFiles } from '../../packages/core/src/pdf/fonts.ts';
import { repoRoot } from '../../infra/config.ts';
import { bundleBudgetKiB, collectBundles } from '../../infra/report-bundles.ts';
import { BUNDLE_ALIASES, bundleDefines, ESM_REQUIRE_BANNER, pdfFontSources } from '../../infra/constructs/functions.ts';
import type * as PdfSample from './fixtures/pdf-entry.ts';
import { bundleModule, handlerFunctions, importBundled, synthStack } from './support.ts';

const functionsDir = join(repoRoot, 'functions');

/** How a capability shows in a bundle: an external import it keeps, or a module of ours it contains. */
const evidence: Record<Exclude<Capability, 'pdf'>, { external: string } | { module: string }> = {
  bedrock: { external: '@aws-sdk/client-bedrock-runtime' },
  bulkQueue: { external: '@aws-sdk/client-sqs' },
  totpSecret: { module: 'packages/core/src/auth/secret-box.ts' },
  cursorKey: { module: 'packages/core/src/cursor.ts' },
  exports: { module: 'packages/core/src/exports/storage.ts' },
  rosterUploads: { module: 'packages/core/src/roster/storage.ts' },
};
/** The PDF writer: only a route that declares `pdf` gets the larger budget, and it must carry it. */
const PDF_WRITER = 'packages/core/src/pdf/document.ts';
/** A small caller of the PDF writer's `renderPdf`: text in several scripts and a goal's figure. */
const PDF_SAMPLE = 'tests/infra/fixtures/pdf-entry.ts';

interface Built {
  fn: FunctionDef & Partial<Pick<RouteDef, 'idempotent'>>;
  bytes: number;
  externals: Set<string>;
  modules: Set<string>;
}

const declared: (FunctionDef & Partial<Pick<RouteDef, 'idempotent'>>)[] = [...routeList, ...Object.values(workers)];
const built = new Map<string, Built>();

/**
 * The bundles of functions that share their build settings (the same defines), from one esbuild
 * pass with an entry point each: the shared modules are read and parsed once, not once per handler
 * (34 s down to a few). Without code splitting every entry's output is the whole bundle, as its own
 * pass would make it.
 */
async function buildAlike(fns: Built['fn'][]): Promise<Built[]> {
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(fns.map((fn) => [fn.handler, join(functionsDir, `${fn.handler}.ts`)])),
    absWorkingDir: repoRoot,
    outdir: join(repoRoot, 'cdk.out', 'bundle-check'),
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    bundle: true,
    format: 'esm',
    target: 'node22',
    platform: 'node',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    external: ['@aws-sdk/*'],
    charset: 'utf8',
    define: bundleDefines(fns[0]!),
    alias: BUNDLE_ALIASES,
    logLevel: 'silent',
  });
  const byEntry = new Map(Object.values(result.metafile.outputs).flatMap((output) => (output.entryPoint ? [[output.entryPoint, output] as const] : [])));
  return fns.map((fn) => {
    const output = byEntry.get(`functions/${fn.handler}.ts`);
    if (!output) throw new Error(`no bundle for ${fn.handler}`);
    return {
      fn,
      bytes: output.bytes,
      externals: new Set(output.imports.filter((i) => i.external).map((i) => i.path)),
      modules: new Set(Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path)),
    };
  });
}

beforeAll(async () => {
  const alike = new Map<string, Built['fn'][]>();
  for (const fn of declared) {
    const settings = JSON.stringify(bundleDefines(fn));
    alike.set(settings, [...(alike.get(settings) ?? []), fn]);
  }
  for (const b of (await Promise.all([...alike.values()].map(buildAlike))).flat()) built.set(b.fn.handler, b);
});

const reaches = (b: Built, capability: keyof typeof evidence) => {
  const e = evidence[capability];
  return 'external' in e ? b.externals.has(e.external) : b.modules.has(e.module);
};

describe('function bundles', () => {
  it('are built for every handler module, and every handler module is declared in the manifest', () => {
    const modules = readdirSync(functionsDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => relative(functionsDir, join(functionsDir, f)).replace(/\.ts$/, '').split('\\').join('/'));
    expect(declared.map((f) => f.handler).sort()).toEqual(modules.sort());
  });

  it('declare each capability whose module they reach, and reach each capability they declare', () => {
    for (const b of built.values()) {
      for (const capability of Object.keys(evidence) as (keyof typeof evidence)[]) {
        const uses = b.fn.uses?.includes(capability) ?? false;
        expect(reaches(b, capability), `${b.fn.handler}: ${uses ? 'declares' : 'reaches'} ${capability} but ${uses ? 'never reaches' : 'does not declare'} it`).toBe(uses);
      }
      const pdf = b.fn.uses?.includes('pdf') ?? false;
      expect(b.modules.has(PDF_WRITER), `${b.fn.handler}: ${pdf ? 'declares pdf but carries no PDF writer' : 'carries the PDF writer but does not declare pdf'}`).toBe(pdf);
    }
  });

  it('reach the KMS client (envelope encryption of TOTP secrets) exactly where the TOTP secret is declared', () => {
    const kms = [...built.values()].filter((b) => b.externals.has('@aws-sdk/client-kms')).map((b) => b.fn.handler);
    const totp = [...built.values()].filter((b) => b.fn.uses?.includes('totpSecret')).map((b) => b.fn.handler);
    expect(totp.length).toBeGreaterThan(0);
    expect(kms.sort()).toEqual(totp.sort());
  });

  it('stay within their size budget (minified)', () => {
    const over = [...built.values()]
      .filter((b) => b.bytes > bundleBudgetKiB(b.fn) * 1024)
      .map((b) => `${b.fn.handler}: ${(b.bytes / 1024).toFixed(1)} KiB > ${bundleBudgetKiB(b.fn)} KiB`);
    expect(over).toEqual([]);
  });
});

describe('stand-ins for modules a dependency loads but Caseload never runs', () => {
  /** Hostile and ordinary rich text, style attributes above all (the path cssfilter would take). */
  const samples = [
    '<p style="color: rgb(255, 0, 0); text-align: center; position: fixed">Hi</p>',
    '<p style="background-image: url(javascript:alert(1))">x</p><span style="color:#00ff00;expression(alert(1))">y</span>',
    '<a href="javascript:alert(1)" target="_self" rel="opener">bad</a><a href="https://example.org" target="_blank">good</a>',
    '<ol start="3"><li>one</li></ol><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>',
    '<h2 style="text-align: right">T</h2><p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s></p>',
  ];

  it("leave the sanitizer's output as the source gives it", async () => {
    const source = await import('../../packages/core/src/rich-text.ts');
    const bundled = await importBundled<typeof source>('packages/core/src/rich-text.ts');
    try {
      expect(bundled.inputs).toContain('infra/bundling/unused-cssfilter.ts');
      for (const html of samples) expect(bundled.module.sanitizeRichText(html)).toBe(source.sanitizeRichText(html));
    } finally {
      bundled.dispose();
    }
  });
});

/** Every file under `dir` with its size in bytes: what Lambda counts toward the unzipped code limit. */
function filesUnder(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(join(dir, file));
    if (stat.isFile()) out.set(file.split('\\').join('/'), stat.size);
  }
  return out;
}

/** Imports the bundled sample given as argument, writes its PDF and prints the PDF's first bytes. */
const SAMPLE_RUNNER = `const sample = await import(process.argv[1]);
const pdf = await sample.renderSample();
process.stdout.write(pdf.subarray(0, 5).toString('latin1') + '\\n');
`;

/** Lambda's limit on a function's unzipped code (with its layers; Caseload has none). */
const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;

describe('the PDF writer, bundled as the functions are', () => {
  it('writes a PDF in subsets of the Noto fonts, without a standard font or a WOFF2 decoder', async () => {
    const bundled = await importBundled<typeof PdfSample>(PDF_SAMPLE);
    try {
      expect(bundled.inputs).toEqual(expect.arrayContaining([PDF_WRITER, 'infra/bundling/unused-brotli.ts']));
      const pdf = await bundled.module.renderSample();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdf.toString('latin1');
      // Subsets (a six-letter tag before the name) of the faces the text used, and nothing else.
      const fonts = new Set([...text.matchAll(/\/BaseFont \/([A-Z]{6}\+)?([\w-]+)/g)].map((m) => `${m[1] ? 'subset ' : ''}${m[2]}`));
      expect([...fonts].sort()).toEqual(
        ['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansArabic-Regular', 'NotoSansHebrew-Regular', 'NotoSansKR-Regular', 'NotoSansSC-Regular', 'NotoSansTelugu-Regular'].map((f) => `subset ${f}`),
      );
      // PDFKit requires a standard font from its own package at run time, which a bundle lacks.
      expect(() => bundled.module.openWithStandardFont()).toThrow(/standard-fonts/);
    } finally {
      bundled.dispose();
    }
  });
});

describe('the PDF fonts', () => {
  const PDF_HANDLER = routeList.find((r) => r.uses?.includes('pdf'))!.handler;
  const PLAIN_HANDLER = 'auth/get-current-user';
  let work: string;
  const assets = new Map<string, string>();

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'caseload-fonts-'));
    const app = new App({ outdir: join(work, 'cdk.out') });
    const { resources } = synthStack({ bundling: { only: [PDF_HANDLER, PLAIN_HANDLER] } }, app);
    const bundles = collectBundles(app.synth().directory);
    const fns = handlerFunctions(resources);
    for (const handler of [PDF_HANDLER, PLAIN_HANDLER]) {
      const bundle = bundles.find((b) => b.logicalId === fns.get(handler)!.id);
      expect(bundle, `${handler} has a bundled asset`).toBeDefined();
      assets.set(handler, bundle!.assetDir);
    }
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('go beside the bundle of a function that declares pdf, within the unzipped code limit, and of no other', () => {
    const files = filesUnder(assets.get(PDF_HANDLER)!);
    const expected = new Map(pdfFontSources().map((source) => [`${FONTS_FOLDER}/${basename(source)}`, statSync(source).size]));
    expect(expected.size).toBe(pdfFontFiles.length);
    expect(new Map([...files].filter(([name]) => name.startsWith(`${FONTS_FOLDER}/`)))).toEqual(expected);
    expect(files.has('index.mjs')).toBe(true);
    const unzipped = [...files.values()].reduce((sum, size) => sum + size, 0);
    expect(unzipped).toBeLessThan(LAMBDA_UNZIPPED_LIMIT);

    const plain = assets.get(PLAIN_HANDLER)!;
    expect(existsSync(join(plain, FONTS_FOLDER))).toBe(false);
    expect([...filesUnder(plain).keys()].sort()).toEqual(['index.mjs', 'index.mjs.map']);
  });

  it("are what the bundled writer reads from the function's folder, with no node_modules to fall back on", async () => {
    // The asset as Lambda lays it out (/var/task), outside the repository, with the writer's
    // modules bundled beside its index.mjs; run by a separate Node process, as Lambda runs it.
    const task = join(work, 'task');
    cpSync(assets.get(PDF_HANDLER)!, task, { recursive: true });
    writeFileSync(join(task, 'sample.mjs'), (await bundleModule(PDF_SAMPLE)).text);
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SAMPLE_RUNNER, pathToFileURL(join(task, 'sample.mjs')).href], {
      cwd: task,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('%PDF-');
  });
});
