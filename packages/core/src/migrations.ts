/**
 * One-off data migrations, run by `npm start` before serving and by an operator against a deployed
 * table (packages/local/src/migrate-*.ts). Each runs once per table: a marker item records a
 * finished run, so later starts cost one GetItem. The backfills themselves are idempotent, so a run
 * cut short is simply run again.
 */
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './db.ts';
import { entity, operatorKeys } from './keys.ts';
import { tableName } from './table.ts';

/**
 * Every account's id, from the account items. Only the operator's one-off migration lists across
 * tenants (a Scan with the table's own credentials); no request path does.
 */
export async function* accountIds(): AsyncGenerator<string> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :account',
        ProjectionExpression: 'id',
        ExpressionAttributeValues: { ':account': 'ACCOUNT' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) yield (item as { id: string }).id;
    start = res.LastEvaluatedKey;
  } while (start);
}

/** Runs `backfill` for every account unless the migration `name` has finished; the items it updated. */
export async function migrateEveryAccountOnce(name: string, backfill: (accountId: string) => Promise<number>): Promise<number> {
  const marker = operatorKeys.migration(name);
  const done = await db().send(new GetCommand({ TableName: tableName(), Key: marker, ConsistentRead: true }));
  if (done.Item) return 0;
  let updated = 0;
  for await (const accountId of accountIds()) updated += await backfill(accountId);
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...marker, type: entity.migration, finishedAt: new Date().toISOString(), updated } }));
  return updated;
}
