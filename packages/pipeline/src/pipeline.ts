import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, type RouteDef } from '@caseload/contract/manifest';
import { resolveSession, SESSION_COOKIE } from '@caseload/core/auth/login-sessions';
import type { AuthContext, RequestMeta } from '@caseload/core/context';
import { FAMILY_COOKIE, resolveFamilyVisit, type FamilyVisit } from '@caseload/core/families/visit-cookie';
import type { ItemKey, Prefetched } from '@caseload/core/prefetch';
import { BadRequestError, ForbiddenError, HttpError, UnauthorizedError } from '@caseload/core/errors';
import { appendLogKeys, countMetricFor, flushMetrics, logger, METRIC, withLogKeys } from '@caseload/core/observability';
import type * as z from 'zod/mini';
import type { Context } from 'aws-lambda';
import { mapError } from './errors.ts';
import { isHttps, json, parseCookies, securityHeaders, type ApiEvent, type ApiResult } from './http.ts';
import { checkResponse, ResponseContractError } from './response-check.ts';

/** Largest accepted request body. Rich-text notes are capped well below this by their schemas. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A route's optional schema property is `S | undefined`; the parsed value exists exactly when S does. */
type Out<S> = [NonNullable<S>] extends [z.ZodMiniType] ? z.output<NonNullable<S>> : undefined;

export interface ApiRequest<R extends RouteDef> {
  body: Out<R['body']>;
  query: Out<R['query']>;
  params: Out<R['params']>;
  /** Present on every `auth: 'user'` route; on public routes only when a session exists; never on family routes. */
  auth: R['auth'] extends 'user' ? AuthContext : R['auth'] extends 'family' ? undefined : AuthContext | undefined;
  /** The family's unlocked visit of the token's share: present on every `auth: 'family'` route, and only there. */
  family: R['auth'] extends 'family' ? FamilyVisit : R['auth'] extends 'user' | 'public' ? undefined : FamilyVisit | undefined;
  meta: RequestMeta & { secure: boolean };
  event: ApiEvent;
  /** The items the route's `prefetch` named, read with the login session. */
  prefetched?: Prefetched;
}

export interface HandlerOptions<R extends RouteDef> {
  /**
   * Keys of the items the route reads first, read in the same BatchGet as the login session (one
   * round trip instead of two). Asked only when the params and body pass the route's schemas;
   * the items reach the handler as `prefetched` once the session proves the account.
   */
  prefetch?: (accountId: string, input: { params: Out<R['params']>; body: Out<R['body']> }) => ItemKey[];
}

interface ReplyBase {
  [replyTag]: true;
  status: number;
  cookies?: string[];
  headers?: Record<string, string>;
}
/** A JSON answer with its status, cookies and headers. */
export interface JsonReply<B = unknown> extends ReplyBase {
  body: B;
  contentType?: undefined;
  isBase64Encoded?: undefined;
}
/** A file: `body` sent as-is (a string) with this content type instead of JSON. */
export interface FileReply extends ReplyBase {
  body: string | Uint8Array;
  contentType: string;
  /** `body` is binary (a Buffer): sent base64-encoded, as API Gateway requires. */
  isBase64Encoded?: boolean;
}
export type Reply = JsonReply | FileReply;
const replyTag = Symbol('reply');
export function reply<B>(r: Omit<JsonReply<B>, typeof replyTag>): JsonReply<B>;
export function reply(r: Omit<FileReply, typeof replyTag>): FileReply;
export function reply(r: Omit<Reply, typeof replyTag>): Reply {
  return { [replyTag]: true, ...r } as Reply;
}
/**
 * A file to download (a CSV export, a PDF): its body, its type and the name the browser saves it
 * under. A binary body (a Buffer) is sent base64-encoded, as API Gateway requires.
 */
export function attachment(file: { filename: string; body: string | Uint8Array; contentType: string }): FileReply {
  return reply({
    status: 200,
    body: file.body,
    contentType: file.contentType,
    isBase64Encoded: typeof file.body !== 'string',
    headers: { 'Content-Disposition': `attachment; filename="${file.filename}"` },
  });
}
const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && replyTag in v;

/**
 * What a route's handler may return, checked at compile time against the manifest: its response
 * (a 200), that response in a reply, or, for a route whose response is a string, a file.
 */
export type HandlerAnswer<R extends RouteDef> =
  | z.input<R['response']>
  | JsonReply<z.input<R['response']>>
  | (z.input<R['response']> extends string ? FileReply : never);

/** The parsed request, handed from the middleware to the handler function. */
const parsedRequests = new WeakMap<ApiEvent, ApiRequest<RouteDef>>();
/** A login session's idle-timer write, running beside the route's own work until the answer. */
const idleRefreshes = new WeakMap<ApiEvent, Promise<void>>();

/** 415 / 413 / 400: the body must be JSON, small, and well formed. */
function parseBody(event: ApiEvent): unknown {
  const raw = event.body;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new HttpError(413, 'The request is too large');
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Requests must be sent as application/json');
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('The request body is not valid JSON');
  }
}

/**
 * 403 for a request another site made: a foreign Origin or Sec-Fetch-Site: cross-site. The Origin
 * is compared with the request's own Host and the configured ALLOWED_ORIGINS only, never with
 * X-Forwarded-Host: no deployment sets it (API Gateway does not, CloudFront passes the viewer's
 * own), so it is whatever the client sent, and trusting it let any site match itself.
 */
function checkOrigin(event: ApiEvent, route: RouteDef) {
  const h = event.headers ?? {};
  // The provider's redirect back to the SSO callback is a cross-site navigation by design.
  if (route.crossSiteNavigation && route.method === 'GET' && !h['origin']) return;
  if (h['sec-fetch-site'] === 'cross-site') throw new ForbiddenError('Cross-site requests are not allowed');
  const origin = h['origin'];
  if (!origin) return;
  const allowed = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ForbiddenError('Cross-site requests are not allowed');
  }
  const sameHost = host === h['host'];
  if (!sameHost && !allowed.includes(origin)) throw new ForbiddenError('Cross-site requests are not allowed');
}

/**
 * A union's failure as the issues of its closest branch (the one with the fewest), so a full goal
 * edit with one bad field says what is wrong with that field, not "Invalid input".
 */
function closestIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
    // A branch that only rejects the other branch's keys is the farther one.
    const distance = (branch: z.core.$ZodIssue[]) => branch.reduce((n, i) => n + (i.code === 'unrecognized_keys' ? 2 : 1), 0);
    const best = issue.errors.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    return closestIssues(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] })));
  });
}

function validate<S extends z.ZodMiniType>(schema: S | undefined, value: unknown, where: 'body' | 'query' | 'params') {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = closestIssues(result.error.issues).map((i) => ({ path: i.path.map(String).join('.') || where, message: i.message }));
  if (where === 'params') throw new HttpError(404, 'Not found');
  throw new BadRequestError(errors[0]?.message ?? 'Invalid request', errors);
}

/** The params and body as the route's schemas parse them, or undefined when either fails (validate answers that later). */
function earlyInput(route: RouteDef, event: ApiEvent, rawBody: unknown): { params: unknown; body: unknown } | undefined {
  const params = route.params ? route.params.safeParse(event.pathParameters ?? {}) : undefined;
  const body = route.body ? route.body.safeParse(rawBody ?? {}) : undefined;
  if (params?.success === false || body?.success === false) return undefined;
  return { params: params?.data, body: body?.data };
}

function pipelineMiddleware(route: RouteDef, options: HandlerOptions<RouteDef>): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      const { event } = request;
      checkOrigin(event, route);
      const rawBody = parseBody(event);
      const cookies = parseCookies(event);
      const h = event.headers ?? {};
      const meta = {
        ip: event.requestContext?.http?.sourceIp ?? 'unknown',
        userAgent: (h['user-agent'] ?? '').slice(0, 512),
        cookies,
        secure: isHttps(event),
      };
      if (route.auth === 'family') {
        // The family's routes: no login session is read (a clinician's cookie neither helps nor
        // hinders), only the family's cookie, for the share the token names.
        const params = validate(route.params, event.pathParameters, 'params') as { token: string };
        const family = await resolveFamilyVisit(params.token, cookies[FAMILY_COOKIE]);
        if (!family) throw new UnauthorizedError();
        parsedRequests.set(event, {
          auth: undefined,
          family,
          meta,
          event,
          params,
          query: validate(route.query, event.queryStringParameters, 'query'),
          body: validate(route.body, rawBody, 'body'),
        });
        return;
      }
      const early = options.prefetch ? earlyInput(route, event, rawBody) : undefined;
      const alsoRead = early && options.prefetch ? (accountId: string) => options.prefetch!(accountId, early) : undefined;
      // A stale cookie must not stop a public route (signing in again is how it gets replaced).
      const session =
        route.auth === 'user'
          ? await resolveSession(cookies[SESSION_COOKIE], 'active', alsoRead)
          : await resolveSession(cookies[SESSION_COOKIE], 'active', alsoRead).catch((e: unknown) => {
              if (e instanceof UnauthorizedError) return undefined;
              throw e;
            });
      if (session?.idleRefresh) idleRefreshes.set(event, session.idleRefresh);
      const auth = session?.auth;
      if (route.auth === 'user' && !auth) throw new UnauthorizedError();
      if (auth) appendLogKeys({ accountId: auth.accountId, userId: auth.userId });
      if (route.permission && auth && !auth.permissions[route.permission]) throw new ForbiddenError();
      if (route.ownerOnly && auth?.userType !== 'owner') throw new ForbiddenError();
      parsedRequests.set(event, {
        auth,
        family: undefined,
        meta,
        event,
        params: early ? early.params : validate(route.params, event.pathParameters, 'params'),
        query: validate(route.query, event.queryStringParameters, 'query'),
        body: early ? early.body : validate(route.body, rawBody, 'body'),
        prefetched: session?.prefetched,
      });
    },
    onError: (request) => {
      // A test that meets an answer outside the contract fails with the issues, not with a 500.
      if (process.env.NODE_ENV === 'test' && request.error instanceof ResponseContractError) throw request.error;
      request.response = mapError(request.error);
    },
  };
}

function toResult(route: RouteDef, value: unknown): ApiResult {
  if (!isReply(value)) return checked(route, json(200, value));
  if (value.contentType !== undefined) {
    return {
      statusCode: value.status,
      headers: { ...securityHeaders, 'Content-Type': value.contentType, ...value.headers },
      cookies: value.cookies,
      ...(value.isBase64Encoded
        ? { body: Buffer.from(value.body as Uint8Array).toString('base64'), isBase64Encoded: true }
        : { body: String(value.body) }),
    };
  }
  return checked(route, json(value.status, value.body, { cookies: value.cookies, headers: value.headers }));
}

/**
 * A successful JSON answer, checked against the route's response schema outside production
 * (`npm start`, `npm run dev`, tests). Lambda bundles define NODE_ENV as 'production': esbuild
 * drops this branch and, with it, the check's code.
 */
function checked(route: RouteDef, result: ApiResult): ApiResult {
  const status = result.statusCode ?? 200;
  if (process.env.NODE_ENV !== 'production' && status >= 200 && status < 300) checkResponse(route, result.body);
  return result;
}

/**
 * Powertools' idempotency utility, for the routes that use it. Lambda bundles of the other routes
 * leave it out (a sixth of a bundle): infra defines CASELOAD_IDEMPOTENCY as 'off' for them, and
 * esbuild drops the import from the branch that can no longer run.
 */
const loadIdempotency = process.env.CASELOAD_IDEMPOTENCY === 'off' ? undefined : () => import('./idempotency.ts');

/**
 * The one handler stack every route uses: origin check, body parsing, session, permission, zod
 * validation, error mapping and security headers, then the route's own function.
 */
export function createHandler<R extends RouteDef>(
  route: R,
  fn: (req: ApiRequest<R>) => Promise<HandlerAnswer<R>> | HandlerAnswer<R>,
  options: HandlerOptions<R> = {},
) {
  const stack = middy<ApiEvent, ApiResult>()
    // Lambda's request id and cold start on every line; never the event (it holds the body).
    .use(injectLambdaContext(logger, { logEvent: false }))
    .use(pipelineMiddleware(route, options as HandlerOptions<RouteDef>))
    .handler(async (event, context) => {
      const req = parsedRequests.get(event) as ApiRequest<R>;
      const run = async () => toResult(route, await fn(req));
      if (!route.idempotent || !req.auth || !loadIdempotency) return run();
      // Creates sent with an Idempotency-Key run once per key (a retried submit gets the first answer).
      const { idempotencyKeyOf, runOnce } = await loadIdempotency();
      const key = idempotencyKeyOf(event.headers);
      if (!key) return run();
      return runOnce({ route: route.handler, auth: req.auth, key, params: req.params, body: req.body, context: withDeadline(context, route) }, run);
    });
  return (event: ApiEvent, context: Context) =>
    withLogKeys({ route: route.handler, requestId: event.requestContext?.requestId }, () =>
      observed(route, async () => {
        try {
          return await stack(event, context);
        } finally {
          await idleRefreshes.get(event);
        }
      }),
    );
}

/** Counts a request's answer by status class and route, logs it at DEBUG, and writes its metrics. */
async function observed(route: RouteDef, answer: () => Promise<ApiResult>): Promise<ApiResult> {
  const started = Date.now();
  try {
    const result = await answer();
    const status = result.statusCode ?? 200;
    if (status >= 500) countMetricFor(METRIC.http5xx, 'route', route.handler);
    else if (status >= 400) countMetricFor(METRIC.http4xx, 'route', route.handler);
    logger.debug('answered', { status, durationMs: Date.now() - started });
    return result;
  } finally {
    flushMetrics();
  }
}

/**
 * The Lambda context, or outside Lambda (the local server, tests) one whose deadline is the
 * route's timeout: the idempotency utility uses it to expire a request that died mid-way.
 */
function withDeadline(context: Context | undefined, route: RouteDef): Context {
  if (typeof context?.getRemainingTimeInMillis === 'function') return context;
  const deadline = Date.now() + (route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS) * 1000;
  return { ...(context as Context), functionName: route.handler, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) };
}
