import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureTable } from '@caseload/core/db';
import { runPendingMigrations } from '@caseload/core/run-migrations';
import { tableName } from '@caseload/core/table';
import { lockDataDir } from './data-lock.ts';
import { startDynamoLocal, type EmbeddedDynamo } from './dynamodb-local.ts';
import { createLocalServer } from './server.ts';
import { buildWebIfStale, defaultWebPaths, repoRoot, webDistOf } from './web-build.ts';

export { buildWebIfStale, repoRoot };
const webDist = webDistOf(defaultWebPaths());

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
    // Data written by earlier versions gets what this version reads (the same ordered list the
    // deployment's migration trigger runs; each once per table, see core/run-migrations.ts).
    await runPendingMigrations(log, { ranBy: 'npm start' });
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
    // The weekly digest's links (outbox/*.eml, the local stand-in for SES) lead to this server unless APP_URL says otherwise.
    process.env.APP_URL ??= url;
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
