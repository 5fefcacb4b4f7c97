import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../db.ts';
import type { Prefetched } from '../prefetch.ts';
import { tableName } from '../table.ts';

/**
 * One item by key, strongly consistent: the read before a conditional write must see the latest.
 * An item read with the login session (`pre`, read consistently too) costs no request.
 */
export async function getItem<T>(key: { PK: string; SK: string }, pre?: Prefetched): Promise<T | undefined> {
  const taken = pre?.take<T>(key);
  if (taken) return taken.item;
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return res.Item as T | undefined;
}
