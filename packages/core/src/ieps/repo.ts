/**
 * A client's IEPs live together in one item (`IEPS` in the client's minutes partition) with a
 * version. A write reads it consistently, decides on the whole set (so "two active IEPs may not
 * overlap" sees every IEP), and writes it back on the condition that the version is still the one
 * read: two racing writes cannot both pass the rule, the loser is retried from the read.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, transact, type TxItem } from '../db.ts';
import type { IepRecord, IepSetItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

export async function readIepSet(accountId: string, clientId: string): Promise<IepSetItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.iepSet(accountId, clientId), ConsistentRead: true }));
  return res.Item as IepSetItem | undefined;
}

/** The client an IEP belongs to, from the IEP id alone. */
export async function clientOfIep(accountId: string, iepId: string): Promise<string | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.iepRef(accountId, iepId), ConsistentRead: true }));
  return (res.Item as { clientId?: string } | undefined)?.clientId;
}

export type IepRefChange = { put: string } | { delete: string } | undefined;

/**
 * Writes the client's new IEP set in one transaction with: the version condition (or, for the
 * first IEP, that no set exists yet), a check that the client is still live (an archive racing the
 * write cancels it), and the IEP's reference (created with a new IEP, deleted with it).
 */
export async function writeIepSet(accountId: string, clientId: string, before: IepSetItem | undefined, ieps: Record<string, IepRecord>, ref: IepRefChange): Promise<void> {
  const set: IepSetItem = { accountId, clientId, ieps, version: (before?.version ?? 0) + 1 };
  const items: TxItem[] = [
    {
      Put: {
        Item: { ...keys.iepSet(accountId, clientId), type: entity.iepSet, ...set },
        ...(before
          ? { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': before.version } }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
    {
      ConditionCheck: {
        Key: keys.client(accountId, clientId),
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
      },
    },
  ];
  if (ref && 'put' in ref) {
    items.push({ Put: { Item: { ...keys.iepRef(accountId, ref.put), type: entity.iepRef, accountId, iepId: ref.put, clientId }, ConditionExpression: 'attribute_not_exists(PK)' } });
  } else if (ref) {
    items.push({ Delete: { Key: keys.iepRef(accountId, ref.delete) } });
  }
  await transact(items);
}
