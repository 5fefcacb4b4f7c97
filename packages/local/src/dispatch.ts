import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoute } from '@caseload/contract/manifest';
import type { ApiEvent, ApiResult } from '@caseload/pipeline/http';
import { json } from '@caseload/pipeline/http';

/** A plain HTTP request as the local server (or a test) sees it. */
export interface LocalRequest {
  method: string;
  /** Path with query string: `/api/sessions?from=...`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string;
  sourceIp?: string;
}

type Handler = (event: ApiEvent, context: unknown) => Promise<ApiResult>;
const handlers = new Map<string, Promise<Handler>>();
const functionsDir = resolve(import.meta.dirname, '../../../functions');

/** Loads functions/<module>.ts once, the same module a Lambda would run. */
function loadHandler(module: string): Promise<Handler> {
  let h = handlers.get(module);
  if (!h) {
    const file = pathToFileURL(join(functionsDir, `${module}.ts`)).href;
    h = import(/* @vite-ignore */ file).then((m: { handler: Handler }) => m.handler);
    handlers.set(module, h);
  }
  return h;
}

/**
 * Builds an API Gateway HTTP API (payload 2.0) event: lower-case, comma-joined headers, a `cookies`
 * array, path parameters from the manifest, and requestContext.http.
 */
export function toEvent(req: LocalRequest, routeKey: string, pathParameters: Record<string, string>): ApiEvent {
  const url = new URL(req.url, 'http://local');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    const name = k.toLowerCase();
    if (name === 'cookie') {
      cookies = (Array.isArray(v) ? v.join('; ') : v).split(';').map((c) => c.trim()).filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: req.body && req.body.length ? req.body : undefined,
    isBase64Encoded: false,
  };
}

/** Routes a request through the manifest to its handler module; unknown API paths get a JSON 404. */
export async function dispatch(req: LocalRequest): Promise<ApiResult> {
  const pathname = new URL(req.url, 'http://local').pathname;
  const match = matchRoute(req.method.toUpperCase(), pathname);
  if (!match?.route) {
    return match?.pathMatched ? json(405, { message: 'Method not allowed' }) : json(404, { message: 'Not found' });
  }
  if ('malformed' in match) return json(400, { message: 'The request path is not valid' });
  const handler = await loadHandler(match.route.handler);
  return handler(toEvent(req, `${match.route.method} ${match.route.path}`, match.params), {});
}
