import { createHash } from 'node:crypto';
import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyPersistenceLayerError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
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

/** What a remembered create holds: its answer, and a hash of the request that made it. */
interface Remembered {
  answer: ApiResult;
  requestHash: string;
}

/**
 * A hash of the validated path and body. The schemas' output lists keys in the schema's order
 * whatever order the client sent, so equal requests serialize equally.
 */
const hashOf = (request: { params: unknown; body: unknown }) => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/**
 * Runs a create once per Idempotency-Key (AWS Lambda Powertools' idempotency utility over the
 * single table): the same key and request within 24 hours get the first answer again, the same key
 * with another request (body or path, e.g. another client's note) 422, and a retry while the first
 * is still running 409. Only successes are remembered: a failure deletes its record, so the
 * corrected retry runs. Keys are scoped to the account, the user and the route, and stored in the
 * account's own partition.
 *
 * The utility is given the key's scope as its whole payload and no JMESPath expressions: the
 * request is compared here, through the hash stored beside the answer, so Lambda bundles can leave
 * the utility's JMESPath engine out (infra/bundling/unused-jmespath.ts).
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
  const config = new IdempotencyConfig({ expiresAfterSeconds: REMEMBER_SECONDS, throwOnNoIdempotencyKey: true, hashFunction: 'sha256' });
  config.registerLambdaContext(opts.context);
  const requestHash = hashOf({ params: opts.params ?? null, body: opts.body ?? null });
  let answer: ApiResult | undefined;
  // Stored as the answer's JSON: absent fields (no cookies) are left out rather than kept as undefined.
  const once = makeIdempotent(
    async (_scope: string): Promise<Remembered> => {
      answer = JSON.parse(JSON.stringify(await run())) as ApiResult;
      return { answer, requestHash };
    },
    { persistenceStore, config, keyPrefix: opts.route },
  );
  let remembered: Remembered;
  try {
    remembered = await once(`${opts.auth.userId}#${opts.key}`);
  } catch (e) {
    // The create was made and only remembering its answer failed: an error now would invite a
    // retry that, once the record's deadline passes, makes it again.
    if (answer && e instanceof IdempotencyPersistenceLayerError) return answer;
    throw translate(e);
  }
  if (remembered.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used with a different request');
  return remembered.answer;
}

function translate(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  if (e instanceof IdempotencyAlreadyInProgressError) {
    return new HttpError(409, 'This request is already being processed. Please wait a moment.', {}, { 'Retry-After': '1' });
  }
  // A database fault inside the utility keeps its own name, so it maps as any other (503, 409...).
  if (e instanceof IdempotencyPersistenceLayerError && e.cause) return e.cause;
  return e;
}
