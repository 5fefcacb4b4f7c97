/**
 * Stands in for @aws-lambda-powertools/jmespath in Lambda bundles (23 KiB). The idempotency
 * utility imports its JMESPath engine at load but only runs it for JMESPath options, and
 * packages/pipeline/src/idempotency.ts sets none: it compares requests itself. Reaching this code
 * would mean that changed, so it fails loudly instead of answering wrongly.
 * tests/integration/idempotency-bundle.test.ts runs the bundled utility over DynamoDB Local.
 */
export function search(): never {
  throw new Error('JMESPath is not bundled: the idempotency configuration must not use JMESPath expressions');
}

/** Constructed by IdempotencyConfig as its default custom functions; never called without JMESPath. */
export class PowertoolsFunctions {}
