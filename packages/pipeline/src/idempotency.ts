import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyPersistenceLayerError, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { AuthContext } from '@caseload/core/context';
import { rawDb } from '@caseload/core/db';
import { BadRequestError, HttpError } from '@caseload/core/errors';
import { keys } from '@caseload/core/keys';
import { tableName } from '@caseload/core/table';
import type { Context } from 'aws-lambda';
import type { ApiResult } from './http.ts';

/** How long an answer is remembered for a retry with the same key. */
const REMEMBER_SECONDS = 24 * 3600;
/** Printable ASCII, space included. */
const KEY_PATTERN = /^[\x20-\x7e]{1,100}$/;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The client's key for this request, or undefined when it sent none; 400 for a malformed one. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const key = headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw new BadRequestError('Idempotency-Key must be 1 to 100 printable characters');
  return key;
}

/** What identifies one submit (who and which key) and what it asked for (validated path and body). */
interface Submit {
  scope: string;
  request: { params: unknown; body: unknown };
}

/**
 * Runs a create once per Idempotency-Key (AWS Lambda Powertools' idempotency utility over the
 * single table): the same key and request within 24 hours get the first answer again, the same key
 * with another request (body or path, e.g. another client's note) 422, and a retry while the first
 * is still running 409. Only successes are remembered: a failure deletes its record, so the
 * corrected retry runs. Keys are scoped to the account, the user and the route, and stored in the
 * account's own partition.
 */
export async function runOnce(
  opts: { route: string; auth: AuthContext; key: string; params: unknown; body: unknown; context: Context },
  run: () => Promise<ApiResult>,
): Promise<ApiResult> {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: tableName(),
    awsSdkV3Client: rawDb(),
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    staticPkValue: keys.idempotencyPartition(opts.auth.accountId),
    expiryAttr: 'ttl',
  });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'scope',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: REMEMBER_SECONDS,
    throwOnNoIdempotencyKey: true,
    hashFunction: 'sha256',
  });
  config.registerLambdaContext(opts.context);
  let answer: ApiResult | undefined;
  // Stored as the answer's JSON: absent fields (no cookies) are left out rather than kept as undefined.
  const once = makeIdempotent(async (_submit: Submit) => (answer = JSON.parse(JSON.stringify(await run())) as ApiResult), {
    persistenceStore,
    config,
    keyPrefix: opts.route,
  });
  try {
    return await once({ scope: `${opts.auth.userId}#${opts.key}`, request: { params: opts.params ?? null, body: opts.body ?? null } });
  } catch (e) {
    // The create was made and only remembering its answer failed: an error now would invite a
    // retry that, once the record's deadline passes, makes it again.
    if (answer && e instanceof IdempotencyPersistenceLayerError) return answer;
    throw translate(e);
  }
}

function translate(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  if (e instanceof IdempotencyValidationError) return new HttpError(422, 'This Idempotency-Key was already used with a different request');
  if (e instanceof IdempotencyAlreadyInProgressError) {
    return new HttpError(409, 'This request is already being processed. Please wait a moment.', {}, { 'Retry-After': '1' });
  }
  // A database fault inside the utility keeps its own name, so it maps as any other (503, 409...).
  if (e instanceof IdempotencyPersistenceLayerError && e.cause) return e.cause;
  return e;
}
