/**
 * The one typed API client. Every call names a route of the contract's manifest, so paths, payloads
 * and response types come from one place. Shared request behaviour (credentials, session expiry, error bodies) lives here too.
 */
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { buildPath, routes, type RouteName, type Routes } from '@caseload/contract/manifest';
import type { CurrentUser } from '@caseload/contract/auth';
import { ApiError } from './api-errors.ts';
import { forgetSignedIn } from './device.ts';
import { queryClient } from './query-client.ts';

export { ApiError, errorMessage, errorNumber, isApiError, serverFieldErrors } from './api-errors.ts';

/**
 * What a route accepts in one part of the request (params, query or body). A part the manifest
 * leaves out is typed as the bare z.ZodMiniType default, and becomes never, so it cannot be passed.
 */
type InputOf<N extends RouteName, K extends 'params' | 'query' | 'body'> = Routes[N] extends { [P in K]?: infer S }
  ? S extends z.ZodMiniType
    ? z.ZodMiniType extends S
      ? never
      : z.input<S>
    : never
  : never;

export type ApiResponse<N extends RouteName> = z.output<Routes[N]['response']>;

/** Routes that answer a file (their response is a string: a CSV or PDF download), read with apiFile. */
type FileRouteName = { [N in RouteName]: ApiResponse<N> extends string ? N : never }[RouteName];
/** Routes that answer JSON, read with api() and apiQuery(). */
export type JsonRouteName = Exclude<RouteName, FileRouteName>;

export interface ApiOptions<N extends RouteName> {
  params?: InputOf<N, 'params'>;
  query?: InputOf<N, 'query'>;
  body?: InputOf<N, 'body'>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (an autosave flushed on pagehide); bodies up to 64 KiB. */
  keepalive?: boolean;
  /**
   * For calls where 401 is an answer rather than an ended session (the current-user read, a wrong
   * password or code): a plain 401 then leaves the current user alone. `X-Session-Expired: true`
   * still clears it.
   */
  expectUnauthorized?: boolean;
}

export const currentUserKey = ['/api/user'] as const;

/** Forgets the signed-in user and every cached record, so the next person at a shared computer sees nothing. */
export function clearCurrentUser(): void {
  void forgetSignedIn();
  void queryClient.cancelQueries();
  queryClient.setQueryData<CurrentUser | null>(currentUserKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
}

export async function api<N extends JsonRouteName>(name: N, options: ApiOptions<N> = {}): Promise<ApiResponse<N>> {
  return (await readBody(await send(name, options))) as ApiResponse<N>;
}

/** A file answer (a PDF, an export) as a Blob, bytes as sent, with the same session and error handling as api(). */
export async function apiFile<N extends FileRouteName>(name: N, options: ApiOptions<N> = {}): Promise<Blob> {
  return (await send(name, options)).blob();
}

/** A random key for one submit (getRandomValues: randomUUID needs a secure context, a LAN address is not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits before resending a create whose answer the network lost. */
const CREATE_RETRY_DELAYS_MS = [250, 1000];

/**
 * Keys of creates sent and not yet answered for good (in flight, lost to the network, a 5xx or a
 * 409), by route, path and body. The same request again (a retried mutation, or the user
 * submitting the unchanged form once more after an error) is the same submit: it carries the same
 * key, so a create that did reach the server is answered with its first result, not made twice.
 */
const unsettledCreates = new Map<string, string>();

/**
 * Sends a request. A create carries an Idempotency-Key, one per submit, and is sent again with the
 * same key when the network drops it (school Wi-Fi): the server answers a retry with the first
 * result, so the submit is never lost and never made twice.
 */
async function send<N extends RouteName>(name: N, options: ApiOptions<N>): Promise<Response> {
  const route = routes[name];
  const hasBody = options.body !== undefined;
  const idempotent = 'idempotent' in route && route.idempotent === true;
  const headers: Record<string, string> = {};
  if (hasBody) headers['Content-Type'] = 'application/json';
  const submit = idempotent ? JSON.stringify([name, options.params ?? null, options.body ?? null]) : undefined;
  if (submit !== undefined) {
    const key = unsettledCreates.get(submit) ?? newIdempotencyKey();
    unsettledCreates.set(submit, key);
    headers['Idempotency-Key'] = key;
  }
  const request = () =>
    fetch(urlFor(route.path, options), {
      method: route.method,
      credentials: 'include',
      headers: Object.keys(headers).length ? headers : undefined,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await request();
      break;
    } catch (e) {
      // Only a network failure (TypeError) of a create is retried; an abort is the caller's.
      const delay = CREATE_RETRY_DELAYS_MS[attempt];
      if (!idempotent || !(e instanceof TypeError) || delay === undefined || options.signal?.aborted) throw e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  // A success or a refusal of the request itself settles the submit: the next one gets a new key.
  if (submit !== undefined && (response.ok || (response.status < 500 && response.status !== 409))) unsettledCreates.delete(submit);

  const sessionExpired = response.headers.get('X-Session-Expired') === 'true';
  if (sessionExpired || (response.status === 401 && !options.expectUnauthorized)) {
    clearCurrentUser();
    console.log('Session expired during API call - user data cleared');
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return response;
}

function urlFor(path: string, { params, query }: { params?: unknown; query?: unknown }): string {
  const url = buildPath(path, params as Record<string, string> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/** JSON when the server says so; otherwise the text (e.g. a CSV export); nothing for an empty answer. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : text;
}

async function readErrorBody(response: Response): Promise<unknown> {
  const error = response.statusText || `Server error ${response.status}`;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body is treated like an empty one.
  }
  if (!text) return { error };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error, raw: text.slice(0, 200) };
  }
}

/**
 * Query key and function for a read. The key's parts joined with '/' give the path:
 * `getSession` with id 7 → ['/api/sessions', '7'], so invalidating ['/api/sessions'] also
 * refreshes the detail reads beneath it. A query object, when given, is the last part.
 */
export function apiQuery<N extends JsonRouteName>(name: N, options: Omit<ApiOptions<N>, 'signal' | 'body'> = {}) {
  return queryOptions({
    queryKey: queryKeyFor(name, options),
    queryFn: ({ signal }) => api(name, { ...options, signal }),
  });
}

export function queryKeyFor<N extends RouteName>(name: N, { params, query }: Pick<ApiOptions<N>, 'params' | 'query'> = {}): unknown[] {
  const template = routes[name].path;
  const firstParam = template.indexOf('/{');
  const base = firstParam === -1 ? template : template.slice(0, firstParam);
  const rest = firstParam === -1 ? [] : buildPath(template.slice(firstParam + 1), params).split('/');
  return query === undefined ? [base, ...rest] : [base, ...rest, query];
}
