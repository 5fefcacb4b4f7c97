/**
 * `npm run deploy [-- --dry-run] [-- --no-build] [-- <cdk deploy options>]`:
 *
 * 1. builds the SPA when web/dist is missing or older than its sources (the rule `npm start` uses,
 *    packages/local/src/web-build.ts); `--no-build` skips this and only checks;
 * 2. refuses to deploy (exit 1) when web/dist is still missing or stale: the stack would otherwise
 *    ship the placeholder page or yesterday's app;
 * 3. runs `cdk deploy Caseload` with every other argument passed through. The deploy itself runs
 *    the pending data migrations (the stack's migration trigger, infra/constructs/migrations.ts).
 *
 * `--dry-run` does steps 1 and 2 and prints the command instead of running it. WEB_ROOT (and
 * CONTRACT_SRC) point the check at another copy of the SPA, for tests.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildWebIfStale, defaultWebPaths, repoRoot, webBuildState, type WebPaths } from '../packages/local/src/web-build.ts';

const args = process.argv.slice(2);
// `npm run deploy --dry-run` (without `--`) hands the flag to npm, which passes it on as this variable.
const dryRun = args.includes('--dry-run') || process.env.npm_config_dry_run === 'true';
const noBuild = args.includes('--no-build');
const cdkArgs = args.filter((a) => a !== '--dry-run' && a !== '--no-build');

const defaults = defaultWebPaths();
const paths: WebPaths = {
  webRoot: process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : defaults.webRoot,
  contractSrc: process.env.CONTRACT_SRC ? resolve(process.env.CONTRACT_SRC) : defaults.contractSrc,
};

if (!noBuild) await buildWebIfStale(console.log, paths);
const built = webBuildState(paths);
if (built.state !== 'fresh') {
  const dist = join(paths.webRoot, 'dist');
  const why =
    built.state === 'missing'
      ? `${dist} has no index.html (the SPA was never built)`
      : `${dist} (built ${built.builtAt.toISOString()}) is older than its sources (changed ${built.sourcesAt.toISOString()})`;
  console.error(`Refusing to deploy: ${why}. Run \`npm run build:web\` or \`npm run deploy\` without --no-build.`);
  process.exit(1);
}

const command = ['npx', 'cdk', 'deploy', 'Caseload', ...cdkArgs];
const env = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' };
if (dryRun) {
  console.log(`web/dist is current. Would run: CDK_DISABLE_VERSION_CHECK=1 ${command.join(' ')}`);
  process.exit(0);
}
const result = spawnSync(command[0]!, command.slice(1), { cwd: repoRoot, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
