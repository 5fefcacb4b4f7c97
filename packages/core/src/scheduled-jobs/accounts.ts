/**
 * Every district's account item, for the daily jobs that look at each district (deletion,
 * retention). A Scan of the table filtered to the account items, a page at a time: like the data
 * migrations (../migrations.ts), the scheduled jobs' own role is the only other one granted Scan
 * (infra/constructs/scheduled-jobs.ts); no request path lists across districts.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountItem } from '../auth/users-repo.ts';
import { db } from '../db.ts';
import { tableName } from '../table.ts';

/** The settings the jobs read; never more of the item. */
export type AccountSettingsItem = Pick<AccountItem, 'id' | 'name' | 'timeZone' | 'retentionYears' | 'deletionScheduledFor' | 'deletionRequestedAt' | 'deletionRequestedBy'>;

const FIELDS = ['id', 'name', 'timeZone', 'retentionYears', 'deletionScheduledFor', 'deletionRequestedAt', 'deletionRequestedBy'] as const satisfies readonly (keyof AccountSettingsItem)[];

export async function* everyAccount(): AsyncGenerator<AccountSettingsItem> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :account',
        ProjectionExpression: FIELDS.map((f) => `#${f}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(FIELDS.map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: { ':account': 'ACCOUNT' },
        ExclusiveStartKey,
      }),
    );
    for (const item of res.Items ?? []) yield item as AccountSettingsItem;
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
