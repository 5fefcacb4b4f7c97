import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../packages/core/src/db.ts';
import { tableName } from '../../packages/core/src/table.ts';

/**
 * Attributes that change on reads (session touch, device use), not on writes by the caller, and a
 * family link's count of wrong codes (refused attempts are counted: they record who tried, not
 * what changed).
 */
const VOLATILE = new Set(['lastSeenAt', 'lastUsedAt', 'ttl', 'wrongCodes']);
/** Audit events and login sessions (and a user's references to them) record who asked, not what changed. */
const IGNORED_PARTITIONS = [/#AUDIT$/, /^LSESS#/, /#LSESS$/];
/** Counters of wrong passwords entered while signed in (the re-authentication limit) record who tried, not what changed. */
const IGNORED_SORT_KEYS = [/^REAUTH#/];

/**
 * Everything stored for one account, as sorted JSON: equal fingerprints mean nothing of the
 * account changed. (A test-only Scan of the test's own table.)
 */
export async function fingerprint(accountId: string): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        FilterExpression: 'begins_with(PK, :p) OR accountId = :a',
        ExpressionAttributeValues: { ':p': `ACCT#${accountId}`, ':a': accountId },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return JSON.stringify(
    items
      .filter((i) => !IGNORED_PARTITIONS.some((re) => re.test(String(i.PK))) && !IGNORED_SORT_KEYS.some((re) => re.test(String(i.SK))))
      .map((i) => Object.fromEntries(Object.entries(i).filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b))))
      .sort((a, b) => `${String(a.PK)}|${String(a.SK)}`.localeCompare(`${String(b.PK)}|${String(b.SK)}`)),
  );
}

/** The fingerprint once background work (a bulk job started by an earlier request) has settled. */
export async function settledFingerprint(accountId: string): Promise<string> {
  let previous = await fingerprint(accountId);
  for (;;) {
    await new Promise((r) => setTimeout(r, 150));
    const current = await fingerprint(accountId);
    if (current === previous) return current;
    previous = current;
  }
}
