/**
 * The one rule for "is the built SPA current?", shared by `npm start` (runtime.ts builds when it is
 * not) and `npm run deploy` (scripts/deploy.ts builds, then refuses to deploy a stale or missing
 * build): web/dist/index.html must be at least as new as every file under the SPA's sources
 * (web/src, web/index.html, web/vite.config.ts) and the contract it uses (packages/contract/src).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Where the SPA and its build live: the repository's web/ unless given (tests use copies). */
export interface WebPaths {
  webRoot: string;
  contractSrc: string;
}

export const defaultWebPaths = (): WebPaths => ({ webRoot: join(repoRoot, 'web'), contractSrc: join(repoRoot, 'packages/contract/src') });

export const webDistOf = (paths: WebPaths) => join(paths.webRoot, 'dist');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, f) => Math.max(m, newestMtime(join(path, f))), st.mtimeMs);
}

export type WebBuildState = { state: 'fresh' } | { state: 'missing' } | { state: 'stale'; builtAt: Date; sourcesAt: Date };

/** Whether web/dist holds a build at least as new as its sources. */
export function webBuildState(paths: WebPaths = defaultWebPaths()): WebBuildState {
  const index = join(webDistOf(paths), 'index.html');
  if (!existsSync(index)) return { state: 'missing' };
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(join(paths.webRoot, 'src')),
    newestMtime(join(paths.webRoot, 'index.html')),
    newestMtime(join(paths.webRoot, 'vite.config.ts')),
    newestMtime(paths.contractSrc),
  );
  return built >= sources ? { state: 'fresh' } : { state: 'stale', builtAt: new Date(built), sourcesAt: new Date(sources) };
}

/** Builds the SPA (production mode) with its own vite config. */
export async function buildWeb(paths: WebPaths = defaultWebPaths()) {
  const { build } = await import('vite');
  // Always a production build, even when started from a test runner that set NODE_ENV=test.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(paths.webRoot, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/** Builds the SPA when web/dist is missing or older than its sources (or the contract it uses). */
export async function buildWebIfStale(log: (s: string) => void = console.log, paths: WebPaths = defaultWebPaths()): Promise<boolean> {
  if (webBuildState(paths).state === 'fresh') return false;
  log('Building the web app...');
  await buildWeb(paths);
  return true;
}
