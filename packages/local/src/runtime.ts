import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureTable } from '@caseload/core/db';
import { migrateClientKeys } from '@caseload/core/caseload/migrate-client-keys';
import { migrateOrganizationNames } from '@caseload/core/caseload/migrate-organization-names';
import { migrateMinutesLedger } from '@caseload/core/minutes/migrate-ledger';
import { migrateSessionProviders } from '@caseload/core/sessions/migrate-provider';
import { migrateSignatureFacts } from '@caseload/core/signatures/migrate-facts';
import { tableName } from '@caseload/core/table';
import { lockDataDir } from './data-lock.ts';
import { startDynamoLocal, type EmbeddedDynamo } from './dynamodb-local.ts';
import { createLocalServer } from './server.ts';

export const repoRoot = resolve(import.meta.dirname, '../../..');
const webRoot = join(repoRoot, 'web');
const webDist = join(webRoot, 'dist');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, f) => Math.max(m, newestMtime(join(path, f))), st.mtimeMs);
}

/** Builds the SPA when web/dist is missing or older than its sources (or the contract it uses). */
export async function buildWebIfStale(log: (s: string) => void = console.log) {
  const built = existsSync(join(webDist, 'index.html')) ? statSync(join(webDist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(join(webRoot, 'src')),
    newestMtime(join(webRoot, 'index.html')),
    newestMtime(join(webRoot, 'vite.config.ts')),
    newestMtime(join(repoRoot, 'packages/contract/src')),
  );
  if (built >= sources) return;
  log('Building the web app...');
  const { build } = await import('vite');
  // Always a production build, even when started from a test runner that set NODE_ENV=test.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts everything `npm start` needs: DynamoDB Local on disk (unless DYNAMODB_ENDPOINT is set),
 * the table, the SPA build, and one HTTP server for the SPA and /api/*.
 */
export async function startApp(opts: { port?: number; host?: string; dataDir?: string; serveWeb?: boolean; log?: (s: string) => void } = {}): Promise<RunningApp> {
  const log = opts.log ?? console.log;
  let dynamo: EmbeddedDynamo | undefined;
  // The data folder also holds the local key that seals TOTP secrets (see core/auth/secret-box.ts).
  const dataDir = resolve(opts.dataDir ?? process.env.DATA_DIR ?? join(repoRoot, '.data'));
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });
  // One process per data folder: a second DynamoDB Local on the same files would corrupt them.
  const unlock = lockDataDir(dataDir);
  try {
    if (!process.env.DYNAMODB_ENDPOINT) {
      dynamo = await startDynamoLocal({ dataDir });
      process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
      log(`DynamoDB Local is listening on port ${new URL(dynamo.endpoint).port} (data in ${dataDir})`);
    }
    if (await ensureTable(tableName())) log(`Created table ${tableName()}`);
    // Data written by earlier versions gets what this version reads (once per table; see the module).
    await migrateSessionProviders(log);
    await migrateClientKeys(log);
    await migrateMinutesLedger(log);
    await migrateOrganizationNames(log);
    // After the providers' backfill: the facts name each session's provider.
    await migrateSignatureFacts(log);
    const serveWeb = opts.serveWeb ?? true;
    if (serveWeb) await buildWebIfStale(log);
    const server = createLocalServer({ webDir: serveWeb ? webDist : undefined });
    const port = opts.port ?? Number(process.env.PORT ?? 3000);
    const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
    await new Promise<void>((res, rej) => {
      server.once('error', rej);
      server.listen(port, host, () => res());
    });
    const actual = (server.address() as { port: number }).port;
    const url = `http://${host}:${actual}`;
    return {
      url,
      stop: async () => {
        server.closeAllConnections();
        await new Promise<void>((res) => server.close(() => res()));
        await dynamo?.stop();
        unlock();
      },
    };
  } catch (e) {
    await dynamo?.stop();
    unlock();
    throw e;
  }
}
