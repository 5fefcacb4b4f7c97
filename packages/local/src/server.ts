import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { errorFields, logger } from '@caseload/core/observability';
import { isLocalUpload, receiveLocalUpload } from '@caseload/core/roster/local-upload';
import { isLocalImportUpload, receiveLocalImportUpload } from '@caseload/core/account-import/local-upload';
import { isLocalDownload, openLocalDownload } from '@caseload/core/exports/local-download';
import { localExportsDir } from '@caseload/core/exports/storage';
import { MAX_BODY_BYTES } from '@caseload/pipeline/pipeline';
import { json, securityHeaders } from '@caseload/pipeline/http';
import { COMPRESS_MIN_BYTES, compressBuffer, compressStream, isCompressible, negotiateEncoding } from './compression.ts';
import { dispatch } from './dispatch.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The same policy the CloudFront response-headers policy sends for the SPA. */
export const SPA_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

const spaHeaders = {
  'Content-Security-Policy': SPA_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

const TOO_LARGE = Symbol('body over MAX_BODY_BYTES');

function readBody(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  return new Promise((res, rej) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES + 1) chunks.push(c);
    });
    req.on('end', () => res(size > MAX_BODY_BYTES ? TOO_LARGE : Buffer.concat(chunks).toString('utf8')));
    req.on('error', rej);
  });
}

/**
 * The request's headers without the forwarding ones (X-Forwarded-*, Forwarded). No proxy in front
 * of the local server sets them, so each came from the client: a forged X-Forwarded-Proto would
 * decide the cookies' Secure flag, a forged host the origin check. In a deployment API Gateway
 * sets X-Forwarded-Proto itself; locally COOKIE_SECURE decides.
 */
export function withoutForwardingHeaders(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(x-forwarded-|forwarded$)/i.test(name)));
}

/** The local stand-in for a presigned S3 PUT of a roster zip: streamed to disk, never read whole. */
async function handleUpload(req: IncomingMessage, res: ServerResponse, receive = receiveLocalUpload) {
  const answer = await receive(req.url ?? '/', req);
  // A refused upload leaves the rest of its body unread: close the connection rather than read 200 MB.
  res.writeHead(answer.status, { 'Content-Type': 'application/json', ...securityHeaders, ...(answer.status === 200 ? {} : { Connection: 'close' }) });
  res.end(answer.message ? JSON.stringify({ message: answer.message }) : '');
}

/** The local stand-in for a presigned S3 GET of a whole export: a one-time link, the zip streamed from disk. */
async function handleDownload(req: IncomingMessage, res: ServerResponse) {
  const answer = await openLocalDownload(req.url ?? '/', localExportsDir());
  if (answer.status !== 200) {
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...securityHeaders });
    return res.end(JSON.stringify({ message: answer.message }));
  }
  res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${answer.fileName}"`, ...securityHeaders });
  pipeline(createReadStream(answer.path), res, () => undefined);
}

async function handleApi(req: IncomingMessage, res: ServerResponse) {
  if (isLocalUpload(req.method, req.url)) return handleUpload(req, res);
  if (isLocalImportUpload(req.method, req.url)) return handleUpload(req, res, receiveLocalImportUpload);
  if (isLocalDownload(req.method, req.url)) return handleDownload(req, res);
  const body = await readBody(req);
  const requestHeaders = withoutForwardingHeaders(req.headers);
  const result =
    body === TOO_LARGE
      ? json(413, { message: 'The request is too large' })
      : await dispatch({ method: req.method ?? 'GET', url: req.url ?? '/', headers: requestHeaders, body, sourceIp: req.socket.remoteAddress });
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  // Binary answers (a PDF) arrive base64-encoded, as API Gateway expects them from Lambda.
  let payload: Buffer = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (typeof contentType === 'string' && isCompressible(contentType)) {
    // Compressed or not, the answer depends on Accept-Encoding, so caches must key on it.
    headers.Vary = 'Accept-Encoding';
    const encoding = payload.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
    if (encoding) {
      payload = await compressBuffer(payload, encoding);
      headers['Content-Encoding'] = encoding;
    }
  }
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(payload);
}

/** A path's decoded form, or undefined when its percent-encoding is malformed. */
export function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...spaHeaders, ...extra });
  res.end(text);
}

function serveStatic(webDir: string, req: IncomingMessage, res: ServerResponse) {
  // Only reads are served here; anything else on a screen path is a client error, not the SPA.
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  const pathname = decodePath(new URL(req.url ?? '/', 'http://local').pathname);
  if (pathname === undefined || pathname.includes('\0')) return plain(res, 400, 'Bad request');
  const file = normalize(join(webDir, pathname));
  const inside = file.startsWith(webDir);
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  // Screen paths (no file extension) get index.html; a missing asset is a real 404.
  const target = isFile ? file : extname(pathname) ? undefined : join(webDir, 'index.html');
  if (!target || !existsSync(target)) return plain(res, 404, 'Not found');
  const immutable = target.includes(`${join(webDir, 'assets')}`);
  const contentType = MIME[extname(target)] ?? 'application/octet-stream';
  const compressible = isCompressible(contentType);
  const encoding = compressible && statSync(target).size >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  res.writeHead(200, {
    'Content-Type': contentType,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...spaHeaders,
  });
  if (req.method === 'HEAD') return res.end();
  // On a read error pipeline destroys the response, so the client sees a cut answer, not a hang.
  const settled = () => undefined;
  if (encoding) pipeline(createReadStream(target), compressStream(encoding), res, settled);
  else pipeline(createReadStream(target), res, settled);
}

/** The last resort: an answer and a log line naming the error class, never the request's content. */
function failSafe(req: IncomingMessage, res: ServerResponse, error: unknown) {
  logger.error('local_server_error', { method: req.method, error: errorFields(error) });
  if (res.headersSent) return res.destroy();
  res.writeHead(500, { 'Content-Type': 'application/json', ...securityHeaders });
  res.end(JSON.stringify({ message: 'Internal server error' }));
}

/** One process serving the SPA and /api/* through the same handler modules Lambda runs. */
export function createLocalServer(opts: { webDir?: string } = {}): Server {
  const webDir = opts.webDir ? resolve(opts.webDir) : undefined;
  const server = createServer((req, res) => {
    // Nothing a client sends may end the process: every path, sync or async, ends in failSafe.
    try {
      const path = req.url ?? '/';
      const work =
        path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')
          ? handleApi(req, res)
          : Promise.resolve(webDir ? serveStatic(webDir, req, res) : plain(res, 404, 'Not found'));
      work.catch((e: unknown) => failSafe(req, res, e));
    } catch (e) {
      failSafe(req, res, e);
    }
  });
  // A malformed request line or headers: Node's parser answers 400 and closes the socket.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}
