import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../packages/local/src/compression.ts';
import { createLocalServer } from '../../packages/local/src/server.ts';
import { signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';
import { putClient, putGoal, recordSession } from '../support/records.ts';

/**
 * The server `npm start` runs compresses text answers the request accepts (br before gzip) above a
 * small size, and leaves small answers and binary files (PDF, images) as they are.
 */

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let base = '';
let owner: Agent;
let accountId = '';
const NAMES = ['Ava', 'Émile', 'Noah', 'Zoë', 'Liam', 'Mia', 'Øyvind', 'Sofia', 'Lucas', 'Amara', 'Kai', 'Ines'];
const server = createLocalServer({ webDir: makeWebDir() });

/** A built SPA in miniature: a small index.html, a script above the threshold, an image. */
function makeWebDir() {
  const dir = mkdtempSync(join(tmpdir(), 'caseload-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Caseload</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'export const greeting = "hello";\n'.repeat(200));
  writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  return dir;
}

/** node:http, not fetch: fetch would ask for and undo the compression itself, hiding the bytes sent. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (res: Raw) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
};

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId as string;
  for (const firstName of NAMES)
    await putClient(accountId, { firstName, lastInitial: 'R', teacher: 'Ms. Rivera', diagnosis: 'Articulation disorder', gradeLevel: '3', sessionFrequency: 2 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('compression by the local server', () => {
  it('sends the client list plain when the request does not ask for compression', async () => {
    const res = await raw('/api/clients');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect((JSON.parse(res.body.toString('utf8')) as { firstName: string }[]).map((c) => c.firstName)).toEqual(expect.arrayContaining(NAMES));
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['*', 'br'],
  ])('compresses the client list for Accept-Encoding "%s" with %s, to the same JSON', async (accept, expected) => {
    const plain = await raw('/api/clients');
    const res = await raw('/api/clients', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(res).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves answers below the threshold plain, and plain when the request turns both codings down', async () => {
    const small = await raw('/api/does/not/exist', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe('{"message":"Not found"}');
    const refused = await raw('/api/clients', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8'))).toEqual(JSON.parse((await raw('/api/clients')).body.toString('utf8')));
  });

  it('sends a PDF as it is, even when compression is welcome', async () => {
    const client = await putClient(accountId, { firstName: 'Pia' });
    const goal = await putGoal(accountId, client);
    await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[goal, 6, 10]]);
    const note = await owner.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' });
    expect(note.status).toBe(201);
    const pdf = await raw(`/api/progress-notes/${note.body.id}/pdf`, { 'accept-encoding': 'gzip, br' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("compresses the SPA's scripts, not its images or small files; HEAD names the encoding a GET would use", async () => {
    const plainJs = await raw('/assets/index-abc123.js');
    expect(plainJs.headers['content-encoding']).toBeUndefined();
    const js = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers.vary).toBe('Accept-Encoding');
    expect(decode(js).equals(plainJs.body)).toBe(true);
    expect(js.body.length).toBeLessThan(plainJs.body.length);

    const head = await raw('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);

    const png = await raw('/assets/logo-abc123.png', { 'accept-encoding': 'gzip, br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.length).toBe(4096);

    const screen = await raw('/clients', { 'accept-encoding': 'gzip, br' });
    expect(screen.headers['content-type']).toMatch(/^text\/html/);
    expect(screen.headers['content-encoding']).toBeUndefined();
  });
});
