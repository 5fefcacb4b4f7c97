/**
 * Logs and metrics, from AWS Lambda Powertools: one Logger (JSON lines on stdout) and one Metrics
 * (CloudWatch embedded metric format, also lines on stdout) per process. In Lambda both go to the
 * function's log group and CloudWatch turns the EMF lines into metrics; the local server prints
 * the same lines. Log lines carry ids, event names, error classes and stack frames, never request
 * bodies, names, notes or error messages (a message can quote its input).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const SERVICE_NAME = process.env.POWERTOOLS_SERVICE_NAME || 'caseload';

/** Every metric the code emits (namespace `Caseload` unless POWERTOOLS_METRICS_NAMESPACE says otherwise). */
export const METRIC = {
  /** A sign-in with a wrong e-mail or password. */
  loginFailed: 'LoginFailed',
  /** An e-mail locked after too many wrong passwords (counted once per lock). */
  lockout: 'Lockout',
  /** A password check refused, without hashing, because the e-mail is locked. */
  lockedAttemptRefused: 'LockedAttemptRefused',
  /** A wrong two-factor code for a user's current secret (sign-in or re-keying). */
  twoFactorFailed: 'TwoFactorFailed',
  /** A progress note written by the generator and accepted by the grounding check. */
  noteGenerated: 'NoteGenerated',
  /** One generator call, in milliseconds. */
  noteGenerationLatency: 'NoteGenerationLatency',
  /** Answers by status class, with the route (the manifest handler name) as dimension. */
  http4xx: 'Http4xx',
  http5xx: 'Http5xx',
} as const;

/** Ids of the request (or background job) being served: added to each of its log lines. */
export interface LogKeys {
  route?: string;
  requestId?: string;
  accountId?: string;
  userId?: string;
  jobId?: string;
}

const requestKeys = new AsyncLocalStorage<LogKeys>();

/**
 * Runs `fn` with its own log keys. One process serves requests concurrently (the local server), so
 * the keys live in the async context of each request, not on the shared logger.
 */
export function withLogKeys<T>(keys: LogKeys, fn: () => T): T {
  return requestKeys.run({ ...keys }, fn);
}

/** Adds keys to the current request's lines (e.g. the account and user once the session is known). */
export function appendLogKeys(keys: LogKeys) {
  const current = requestKeys.getStore();
  if (current) Object.assign(current, keys);
}

/**
 * An error as it may be logged: its class, its code (`ECONNREFUSED`) and the stack's frames. The
 * message is left out, and with it the stack's first line that repeats it.
 */
export function errorFields(error: unknown): { name: string; code?: string; stack?: string } {
  const e = error as { name?: unknown; code?: unknown; stack?: unknown } | undefined;
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const code = typeof e?.code === 'string' && /^[\w.-]{1,64}$/.test(e.code) ? e.code : undefined;
  const frames = typeof e?.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return { name, ...(code && { code }), ...(frames.length && { stack: frames.map((f) => f.trim()).join('\n') }) };
}

/** Powertools' standard keys plus the request's ids; errors logged through `errorFields`. */
class CaseloadLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const lambda = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: lambda?.coldStart,
        function_name: lambda?.functionName,
        function_request_id: lambda?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
        ...requestKeys.getStore(),
      },
    }).addAttributes(additional);
  }

  override formatError(error: Error): LogAttributes {
    return errorFields(error);
  }
}

/** Level from POWERTOOLS_LOG_LEVEL (or Lambda's log level), INFO by default; DEBUG adds a line per request. */
export const logger = new Logger({ serviceName: SERVICE_NAME, logFormatter: new CaseloadLogFormatter() });

/** POWERTOOLS_METRICS_DISABLED=true turns the EMF lines off (the test runs do). */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'Caseload',
  serviceName: SERVICE_NAME,
  logger,
});

export const countMetric = (name: string) => metrics.addMetric(name, MetricUnit.Count, 1);

export const recordLatency = (name: string, ms: number) => metrics.addMetric(name, MetricUnit.Milliseconds, Math.round(ms));

/** One metric with its own dimension, written at once (a request's route must not tag other metrics). */
export function countMetricFor(name: string, dimension: string, value: string) {
  metrics.singleMetric().addDimension(dimension, value).addMetric(name, MetricUnit.Count, 1);
}

/**
 * Writes the metrics stored so far as one EMF line. Only when there are some: Powertools warns on
 * every empty flush, which is why the handlers do not use its logMetrics middleware.
 */
export function flushMetrics() {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
