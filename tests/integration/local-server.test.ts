import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The product as `npm start` runs it, in a process of its own: what a client sends cannot end it,
 * and a signal to any of its processes (or its parent's death) stops everything it started.
 */

const repoRoot = resolve(import.meta.dirname, '../..');
const started: ChildProcess[] = [];

interface Product {
  npm: ChildProcess;
  url: string;
  dataDir: string;
  dynamoPort: number;
  nodePid: number;
  output: () => string;
}

/** Polls until `check` holds (state, not time); the deadline only bounds a broken run. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 60_000) {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The environment of a user's shell: no test database or table of ours. */
function productEnv(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  delete env.DYNAMODB_ENDPOINT;
  delete env.TABLE_NAME;
  return env;
}

function runNpmStart(dataDir: string) {
  // Its own process group, as a terminal's foreground job would be.
  const npm = spawn('npm', ['start'], { cwd: repoRoot, env: productEnv(dataDir), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(npm);
  let output = '';
  npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((res) => npm.once('exit', (code) => res(code)));
  return { npm, output: () => output, exited };
}

async function startProduct(): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseload-local-'));
  const { npm, output } = runNpmStart(dataDir);
  await waitFor('the product to start', () => /Caseload is running at/.test(output()) || npm.exitCode !== null, 110_000);
  const url = /Caseload is running at (\S+)/.exec(output())?.[1];
  if (!url) throw new Error(`npm start failed:\n${output()}`);
  const dynamoPort = Number(/DynamoDB Local is listening on port (\d+)/.exec(output())![1]);
  const nodePid = Number(readFileSync(join(dataDir, 'caseload.pid'), 'utf8'));
  return { npm, url, dataDir, dynamoPort, nodePid, output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Processes whose command line names the data folder: DynamoDB Local's Java and its guard. */
function databaseProcesses(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const portOpen = (port: number) =>
  new Promise<boolean>((res) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), res(true)));
    socket.once('error', () => res(false));
  });

/** Everything the product started is gone: node, Java, the database port, the folder's lock. */
async function expectAllStopped(product: Product) {
  await waitFor('node to exit', () => !alive(product.nodePid));
  await waitFor('DynamoDB Local to exit', () => databaseProcesses(product.dataDir).length === 0);
  await waitFor('the database port to close', async () => !(await portOpen(product.dynamoPort)));
  expect(existsSync(join(product.dataDir, 'caseload.pid'))).toBe(false);
}

afterAll(() => {
  for (const p of started) {
    try {
      if (p.pid) process.kill(-p.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

describe('npm start as a process', { timeout: 180_000 }, () => {
  it('answers malformed paths and writes to screens with 4xx, and keeps running', async () => {
    const product = await startProduct();
    const status = async (path: string, init?: RequestInit) => (await fetch(product.url + path, init)).status;
    expect(await status('/%')).toBe(400);
    expect(await status('/%c0%ae%c0%ae/')).toBe(400);
    expect(await status('/assets/%E0%A4%A.js')).toBe(400);
    const api = await fetch(`${product.url}/api/sessions/%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: 'The request path is not valid' });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${product.url}/clients`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    const head = await fetch(`${product.url}/clients`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // Still alive and serving after all of that.
    expect(await status('/')).toBe(200);
    expect(await status('/api/user')).toBe(401);

    // A second start on the same data folder is refused, clearly, and the first keeps running.
    const second = runNpmStart(product.dataDir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Caseload is already running on the data folder ${product.dataDir} (process ${product.nodePid})`);
    expect(await status('/')).toBe(200);

    // SIGTERM to npm (systemd, a CI runner) stops everything.
    process.kill(product.npm.pid!, 'SIGTERM');
    await expectAllStopped(product);
  });

  it('stops everything on Ctrl-C (SIGINT to the foreground process group)', async () => {
    const product = await startProduct();
    process.kill(-product.npm.pid!, 'SIGINT');
    await expectAllStopped(product);
  });

  it('stops everything when npm is killed outright (the server outlives no parent)', async () => {
    const product = await startProduct();
    process.kill(product.npm.pid!, 'SIGKILL');
    await expectAllStopped(product);
  });

  it('stops the database when the server process is killed outright; the stale lock does not block the next start', async () => {
    const product = await startProduct();
    process.kill(product.nodePid, 'SIGKILL');
    await waitFor('DynamoDB Local to exit', () => databaseProcesses(product.dataDir).length === 0);
    await waitFor('the database port to close', async () => !(await portOpen(product.dynamoPort)));
    // npm reports its child's death and exits; the lock is left behind by the killed process.
    await waitFor('npm to exit', () => product.npm.exitCode !== null || product.npm.signalCode !== null);
    expect(existsSync(join(product.dataDir, 'caseload.pid'))).toBe(true);
    const again = runNpmStart(product.dataDir);
    await waitFor('the next start', () => /Caseload is running at/.test(again.output()) || again.npm.exitCode !== null, 110_000);
    expect(again.output()).toMatch(/Caseload is running at/);
    process.kill(again.npm.pid!, 'SIGTERM');
    await waitFor('the next start to stop', () => again.npm.exitCode !== null || again.npm.signalCode !== null);
  });
});
