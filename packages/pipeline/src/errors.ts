import { HttpError } from '@caseload/core/errors';
import { errorFields, logger } from '@caseload/core/observability';
import { json, type ApiResult } from './http.ts';

const THROTTLED = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'LimitExceededException']);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'TimeoutError', 'RequestTimeout', 'ServiceUnavailable', 'InternalServerError']);

const tooLarge = () => json(413, { message: 'This record is too large to save: a record is limited to 400 KB.' });

/**
 * Maps anything thrown to an answer. Domain errors carry their own status; database throttling and
 * outages become 503, lost races 409; anything else is a 500 with no internals. Client errors (4xx)
 * are not logged; the rest log the error's class, code and stack frames, never its message (see
 * errorFields): no bodies, no PHI, no secrets.
 */
export function mapError(error: unknown): ApiResult {
  if (error instanceof HttpError) {
    return json(error.status, { message: error.message, ...error.body }, { headers: error.headers });
  }
  const e = error as { name?: string; code?: string; $metadata?: unknown; CancellationReasons?: { Code?: string }[] };
  const name = e?.name ?? 'Error';
  if (THROTTLED.has(name)) {
    logger.warn('throttled', { error: errorFields(error) });
    return json(503, { message: 'The service is busy. Please try again in a moment.' }, { headers: { 'Retry-After': '1' } });
  }
  if (name === 'TransactionCanceledException' || name === 'ConditionalCheckFailedException' || name === 'TransactionConflictException') {
    const throttled = e.CancellationReasons?.some((r) => r.Code === 'ThrottlingError' || r.Code === 'ProvisionedThroughputExceeded');
    if (throttled) return json(503, { message: 'The service is busy. Please try again in a moment.' }, { headers: { 'Retry-After': '1' } });
    if (e.CancellationReasons?.some((r) => /item size/i.test(String((r as { Message?: string }).Message)))) return tooLarge();
    return json(409, { message: 'This record was changed at the same time by another request. Please try again.' });
  }
  // The last line of defence behind the schemas' limits: a record too large for DynamoDB.
  if (name === 'ValidationException' && /item size/i.test(String((error as Error).message))) {
    return tooLarge();
  }
  if (UNREACHABLE.has(name) || (e?.code && UNREACHABLE.has(e.code))) {
    logger.error('database_unavailable', { error: errorFields(error) });
    return json(503, { message: 'The service is temporarily unavailable. Please try again in a moment.' }, { headers: { 'Retry-After': '2' } });
  }
  logger.error('unhandled', { error: errorFields(error) });
  return json(500, { message: 'Internal server error' });
}
