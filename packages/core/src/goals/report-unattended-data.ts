/**
 * The report part 4 §1.6 asks of the migration to "one figure everywhere": progress and trials
 * recorded before the rule for a student marked absent or canceled are not deleted (they were
 * recorded, and a district may need to see them), but every chart, note, report and criterion
 * leaves them out when read (goals/attended.ts). This run lists each such row once, by ids only
 * (no names: the log is not a place for student data), in the deploy's log and in its marker item,
 * so a district can see which of its earlier figures changed and why.
 *
 * It changes no item, so a second run (or one cut short and run again) lists the same rows.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../db.ts';
import type { ProgressItem } from '../items.ts';
import { keys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { tableName } from '../table.ts';
import { unattendedRows } from './attended.ts';

export const UNATTENDED_DATA_REPORT = 'unattended-data-report-v1';

/** Enough lines to read in a marker item (DynamoDB's 400 KB item limit); the count is always whole. */
const REPORT_LINES_KEPT = 1000;

type ListedRow = Pick<ProgressItem, 'sessionId' | 'clientId' | 'goalId' | 'recordedAt' | 'totalAttempts'>;
const LISTED_ATTRIBUTES = ['sessionId', 'clientId', 'goalId', 'recordedAt', 'totalAttempts'] as const;

/** One account's rows recorded for a student who was not there, read page by page from the account's progress index (oldest first). */
export async function listUnattendedData(accountId: string): Promise<ListedRow[]> {
  const listed: ListedRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.progressByTime(accountId) },
        ProjectionExpression: LISTED_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(LISTED_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
        ExclusiveStartKey: start,
      }),
    );
    listed.push(...(await unattendedRows(accountId, (page.Items ?? []) as ListedRow[])));
    start = page.LastEvaluatedKey;
  } while (start);
  return listed;
}

const lineOf = (accountId: string, row: ListedRow) =>
  `Left out of figures (student not present): account ${accountId}, session ${row.sessionId}, student ${row.clientId}, goal ${row.goalId}, recorded ${row.recordedAt}, ${row.totalAttempts} trial(s)`;

/** Lists every account's rows once per table (see migrations.ts); returns how many it listed. */
export async function reportUnattendedData(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const lines: string[] = [];
  const listed = await migrateEveryAccountOnce(
    UNATTENDED_DATA_REPORT,
    async (accountId) => {
      const rows = await listUnattendedData(accountId);
      for (const row of rows) {
        const line = lineOf(accountId, row);
        log(line);
        if (lines.length < REPORT_LINES_KEPT) lines.push(line);
      }
      return rows.length;
    },
    run,
    () => lines,
  );
  if (listed) log(`${listed} progress row(s) recorded for students not present are left out of every figure (listed above)`);
  return listed;
}
