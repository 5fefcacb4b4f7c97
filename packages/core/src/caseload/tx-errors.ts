/**
 * Whether a cancelled transaction failed on the condition of the item at `index`, so a service
 * can answer with its own message instead of the generic "changed at the same time" 409.
 */
export function conditionFailedAt(error: unknown, index: number): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  return e?.name === 'TransactionCanceledException' && e.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}
