/**
 * Optimistic writes: read, decide, then write on the condition that nothing changed in between.
 * A lost race is retried from the read, so two saves of the same record both succeed and the later
 * one wins; only a record that keeps changing under us ends in the pipeline's 409.
 */
const MAX_ATTEMPTS = 8;

interface AwsError {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

/** A write lost to a concurrent one: a failed condition or a transaction conflict. */
export function isLostRace(error: unknown): boolean {
  const e = error as AwsError;
  if (e?.name === 'ConditionalCheckFailedException' || e?.name === 'TransactionConflictException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  return (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` (a whole read-decide-write) again after a lost race, with jittered backoff. */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (n >= MAX_ATTEMPTS || !isLostRace(e)) throw e;
      // Full jitter keeps a burst of parallel autosaves from colliding again in lockstep.
      await sleep(Math.random() * Math.min(200, 10 * 2 ** n));
    }
  }
}

/** Condition for a versioned write: the item still has the version we read (items written before versions had none). */
export function versionCondition(version: number | undefined) {
  return version === undefined
    ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#version)', ExpressionAttributeNames: { '#version': 'version' } }
    : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } };
}
