/** The series item (`ACCT#a / SERIES#<id>`): the rule and the ids of its occurrences, written under its version. */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../db.ts';
import type { SessionSeriesItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { versionCondition } from '../db/conflicts.ts';
import { tableName } from '../table.ts';

export async function readSeries(accountId: string, seriesId: string): Promise<SessionSeriesItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sessionSeries(accountId, seriesId), ConsistentRead: true }));
  return res.Item as SessionSeriesItem | undefined;
}

/**
 * Puts the whole series item: a new one (`readVersion` undefined) only where none is, else only
 * over the version read. Returns the item as written (its version bumped).
 */
export async function writeSeries(series: SessionSeriesItem, readVersion: number | undefined): Promise<SessionSeriesItem> {
  const written: SessionSeriesItem = { ...series, version: (readVersion ?? 0) + 1 };
  const condition = readVersion === undefined ? { ConditionExpression: 'attribute_not_exists(PK)' } : versionCondition(readVersion);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...written, ...keys.sessionSeries(series.accountId, series.id), type: entity.sessionSeries },
      ...condition,
    }),
  );
  return written;
}

export async function deleteSeriesItem(series: SessionSeriesItem): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.sessionSeries(series.accountId, series.id), ...versionCondition(series.version) }));
}
