/**
 * OneRoster CSV zips built in the tests (fflate), and the import's round trip over the real routes:
 * the zip goes to the upload URL through the real local server (a socket, as a browser sends it),
 * the preview and apply jobs run in this process and are awaited with whenJobsIdle.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { strToU8, zipSync } from 'fflate';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { createLocalServer } from '../../packages/local/src/server.ts';
import type { Agent } from './api.ts';
import { expectStatus } from './fixtures-sessions.ts';

export const USERS_11 = ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password'];
export const ORGS = ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'];
export const SESSIONS = ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'];

/** One CSV line: fields with a comma, a quote or a line break are quoted, quotes doubled. */
const line = (fields: string[]) => fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',');

/** A CSV file: CRLF lines and a UTF-8 byte-order mark unless told otherwise (what SIS exports send). */
export function csv(header: string[], rows: Record<string, string>[], opts: { bom?: boolean; eol?: string } = {}): string {
  const eol = opts.eol ?? '\r\n';
  const body = [line(header), ...rows.map((r) => line(header.map((h) => r[h] ?? '')))].join(eol) + eol;
  return (opts.bom ?? true ? '\uFEFF' : '') + body;
}

export function manifest(files: Record<string, 'bulk' | 'delta' | 'absent'>, version = '1.1'): string {
  const rows = [
    { propertyName: 'manifest.version', value: '1.0' },
    { propertyName: 'oneroster.version', value: version },
    ...Object.entries(files).map(([f, v]) => ({ propertyName: `file.${f}`, value: v })),
  ];
  return csv(['propertyName', 'value'], rows);
}

export const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, typeof body === 'string' ? strToU8(body) : body])));

let server: Server | undefined;
let origin = '';

/** The local server on a free port (started once per file), for the upload PUTs. */
export async function uploadOrigin(): Promise<string> {
  if (server) return origin;
  server = createLocalServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return origin;
}
export const stopUploadServer = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

export async function upload(uploadUrl: string, body: Uint8Array): Promise<Response> {
  const url = uploadUrl.startsWith('/') ? `${await uploadOrigin()}${uploadUrl}` : uploadUrl;
  return fetch(url, { method: 'PUT', body: Buffer.from(body), headers: { 'Content-Type': 'application/zip' } });
}

/** Starts an import, uploads the zip and starts the preview: the preview route's answer. */
export async function startPreview(agent: Agent, file: Uint8Array, body: Record<string, unknown> = {}) {
  const started = expectStatus(await agent.post('/api/roster-imports', { size: file.length }), 201);
  const put = await upload(started.uploadUrl, file);
  if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
  const res = await agent.post(`/api/roster-imports/${started.importId}/preview`, body);
  return { importId: started.importId as string, res };
}

/** A finished preview (status ready). */
export async function previewed(agent: Agent, file: Uint8Array, body: Record<string, unknown> = {}) {
  const { importId, res } = await startPreview(agent, file, body);
  expectStatus(res, 202);
  await whenJobsIdle();
  return expectStatus(await agent.get(`/api/roster-imports/${importId}`), 200);
}

/** Applies a ready preview and waits for it: the finished import (status done). */
export async function applied(agent: Agent, importId: string, body: Record<string, unknown> = {}) {
  expectStatus(await agent.post(`/api/roster-imports/${importId}/apply`, body), 202);
  await whenJobsIdle();
  return expectStatus(await agent.get(`/api/roster-imports/${importId}`), 200);
}
