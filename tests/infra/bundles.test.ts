/**
 * Every function's bundle, built as infra builds it (one esbuild pass per handler module, in
 * memory, with the metafile), checked against its manifest declaration:
 *
 * - a bundle that reaches a capability's module (the Bedrock client, the SQS client, the TOTP
 *   sealing module) declares the capability, or the cloud refuses the call its code makes; and a
 *   declared capability is reached, or the function holds a permission it never uses;
 * - a bundle stays within its size budget.
 *
 * The AWS SDK is external (the runtime's), so reaching it shows in the bundle's own imports.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, workers, type Capability, type FunctionDef, type RouteDef } from '../../packages/contract/src/manifest.ts';
import { repoRoot } from '../../infra/config.ts';
import { bundleBudgetKiB } from '../../infra/report-bundles.ts';
import { BUNDLE_ALIASES, bundleDefines, ESM_REQUIRE_BANNER } from '../../infra/constructs/functions.ts';
import { importBundled } from './support.ts';

const functionsDir = join(repoRoot, 'functions');

/** How a capability shows in a bundle: an external import it keeps, or a module of ours it contains. */
const evidence: Record<Exclude<Capability, 'pdf'>, { external: string } | { module: string }> = {
  bedrock: { external: '@aws-sdk/client-bedrock-runtime' },
  bulkQueue: { external: '@aws-sdk/client-sqs' },
  totpSecret: { module: 'packages/core/src/auth/secret-box.ts' },
  cursorKey: { module: 'packages/core/src/cursor.ts' },
};
/** The PDF writer: only a route that declares `pdf` gets the larger budget, and it must carry it. */
const PDF_WRITER = 'packages/core/src/notes/pdf.ts';

interface Built {
  fn: FunctionDef & Partial<Pick<RouteDef, 'idempotent'>>;
  bytes: number;
  externals: Set<string>;
  modules: Set<string>;
}

const declared: (FunctionDef & Partial<Pick<RouteDef, 'idempotent'>>)[] = [...routeList, ...Object.values(workers)];
const built = new Map<string, Built>();

async function build(fn: Built['fn']): Promise<Built> {
  const result = await esbuild.build({
    entryPoints: [join(functionsDir, `${fn.handler}.ts`)],
    absWorkingDir: repoRoot,
    outfile: join(repoRoot, 'cdk.out', 'bundle-check', `${fn.handler}.mjs`),
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
    define: bundleDefines(fn),
    alias: BUNDLE_ALIASES,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  return {
    fn,
    bytes: output.bytes,
    externals: new Set(output.imports.filter((i) => i.external).map((i) => i.path)),
    modules: new Set(Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path)),
  };
}

beforeAll(async () => {
  for (const b of await Promise.all(declared.map(build))) built.set(b.fn.handler, b);
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
      if (b.fn.uses?.includes('pdf')) expect(b.modules.has(PDF_WRITER), `${b.fn.handler} declares pdf but carries no PDF writer`).toBe(true);
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
