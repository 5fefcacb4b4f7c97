/**
 * One-off data migrations, run by `npm start` before serving and, in the cloud, by the deployment's
 * migration trigger (infra/constructs/migrations.ts); both run the ordered list in
 * run-migrations.ts. Each runs once per table: a marker item records a
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

/** Who ran a migration, kept in its marker item: `npm start`, or the deployment (with its version). */
export interface MigrationRun {
  ranBy?: string;
}

/** Whether the migration `name` has finished on this table (its marker item exists). */
export async function migrationFinished(name: string): Promise<boolean> {
  const done = await db().send(new GetCommand({ TableName: tableName(), Key: operatorKeys.migration(name), ConsistentRead: true }));
  return done.Item !== undefined;
}

/**
 * Runs `backfill` for every account unless the migration `name` has finished; the items it updated
 * (or, for a migration that only reports, the items it listed). `report` gives the lines its marker
 * keeps.
 */
export async function migrateEveryAccountOnce(name: string, backfill: (accountId: string) => Promise<number>, run: MigrationRun = {}, report?: () => string[]): Promise<number> {
  if (await migrationFinished(name)) return 0;
  let updated = 0;
  for await (const accountId of accountIds()) updated += await backfill(accountId);
  const marker = operatorKeys.migration(name);
  const ranBy = run.ranBy ? { ranBy: run.ranBy } : {};
  const lines = report ? { report: report() } : {};
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...marker, type: entity.migration, finishedAt: new Date().toISOString(), updated, ...ranBy, ...lines } }));
  return updated;
}
