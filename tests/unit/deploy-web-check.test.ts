/**
 * The one staleness rule of the built SPA (packages/local/src/web-build.ts), on copies in temporary
 * folders (never the repository's web/, which other test files build concurrently), and
 * `npm run deploy`'s script refusing a stale build before it would run cdk.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, webBuildState, type WebPaths } from '../../packages/local/src/web-build.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3600;
const now = Date.now() / 1000;

/** A web root with one source file and a contract folder; a build at `builtAt` (seconds) unless null. */
function webCopy(opts: { sourcesAt: number; builtAt: number | null; contractAt?: number }): WebPaths {
  const root = mkdtempSync(join(tmpdir(), 'caseload-web-'));
  made.push(root);
  const webRoot = join(root, 'web');
  const contractSrc = join(root, 'contract');
  mkdirSync(join(webRoot, 'src'), { recursive: true });
  mkdirSync(contractSrc);
  const touch = (path: string, at: number) => {
    writeFileSync(path, 'x');
    utimesSync(path, at, at);
  };
  touch(join(webRoot, 'src', 'main.tsx'), opts.sourcesAt);
  utimesSync(join(webRoot, 'src'), opts.sourcesAt, opts.sourcesAt);
  touch(join(webRoot, 'index.html'), opts.sourcesAt);
  touch(join(contractSrc, 'manifest.ts'), opts.contractAt ?? opts.sourcesAt);
  utimesSync(contractSrc, opts.contractAt ?? opts.sourcesAt, opts.contractAt ?? opts.sourcesAt);
  if (opts.builtAt !== null) {
    mkdirSync(join(webRoot, 'dist'));
    touch(join(webRoot, 'dist', 'index.html'), opts.builtAt);
  }
  return { webRoot, contractSrc };
}

describe('webBuildState', () => {
  it('is fresh when the build is newer than every source', () => {
    expect(webBuildState(webCopy({ sourcesAt: now - 2 * HOUR, builtAt: now - HOUR }))).toEqual({ state: 'fresh' });
  });

  it('is stale when a source changed after the build', () => {
    const state = webBuildState(webCopy({ sourcesAt: now - HOUR, builtAt: now - 2 * HOUR }));
    expect(state.state).toBe('stale');
  });

  it('is stale when only the contract the SPA uses changed after the build', () => {
    expect(webBuildState(webCopy({ sourcesAt: now - 3 * HOUR, builtAt: now - 2 * HOUR, contractAt: now - HOUR })).state).toBe('stale');
  });

  it('is missing when web/dist has no index.html', () => {
    expect(webBuildState(webCopy({ sourcesAt: now - HOUR, builtAt: null }))).toEqual({ state: 'missing' });
  });
});

describe('npm run deploy (scripts/deploy.ts)', () => {
  const deploy = (paths: WebPaths, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/deploy.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, WEB_ROOT: paths.webRoot, CONTRACT_SRC: paths.contractSrc },
      encoding: 'utf8',
    });

  it('refuses a stale web/dist with --dry-run --no-build, before running cdk', () => {
    const run = deploy(webCopy({ sourcesAt: now - HOUR, builtAt: now - 2 * HOUR }), '--dry-run', '--no-build');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Refusing to deploy: .*dist \(built .*\) is older than its sources/);
    expect(run.stdout).not.toContain('cdk deploy');
  });

  it('refuses a missing web/dist', () => {
    const run = deploy(webCopy({ sourcesAt: now - HOUR, builtAt: null }), '--dry-run', '--no-build');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('has no index.html');
  });

  it('prints the cdk command, with the extra arguments, for a current build', () => {
    const run = deploy(webCopy({ sourcesAt: now - 2 * HOUR, builtAt: now - HOUR }), '--dry-run', '--no-build', '-c', 'alarmEmail=ops@example.org');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('CDK_DISABLE_VERSION_CHECK=1 npx cdk deploy Caseload -c alarmEmail=ops@example.org');
  });
});
