import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, queryPartition, transact } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import { tableName } from '../../packages/core/src/table.ts';

describe('data layer over DynamoDB Local', () => {
  it('writes and reads items, paging through LastEvaluatedKey', async () => {
    const pk = `ACCT#${newId()}`;
    const big = 'x'.repeat(20_000); // ~20 KB items: 100 of them exceed one 1 MB query page
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db().send(new PutCommand({ TableName: tableName(), Item: { PK: pk, SK: `CLIENT#${String(i).padStart(3, '0')}`, type: 'Client', big } })),
      ),
    );
    const items = await queryPartition<{ SK: string }>({ pk, skPrefix: 'CLIENT#' });
    expect(items).toHaveLength(100);
    expect(items[0]!.SK).toBe('CLIENT#000');
    expect(items[99]!.SK).toBe('CLIENT#099');
    const limited = await queryPartition({ pk, skPrefix: 'CLIENT#', limit: 5 });
    expect(limited).toHaveLength(5);
  });

  it('commits a transaction whole, and leaves nothing behind when a condition fails', async () => {
    const pk = `ACCT#${newId()}`;
    await transact([
      { Put: { Item: { PK: pk, SK: 'A', type: 'T' }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: { PK: pk, SK: 'B', type: 'T' } } },
    ]);
    const first = await queryPartition({ pk });
    expect(first).toHaveLength(2);

    const failed = transact([
      { Put: { Item: { PK: pk, SK: 'C', type: 'T' } } },
      { Put: { Item: { PK: pk, SK: 'A', type: 'T', changed: true }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
    await expect(failed).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    const c = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'C' }, ConsistentRead: true }));
    expect(c.Item).toBeUndefined();
    const a = await db().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'A' }, ConsistentRead: true }));
    expect(a.Item?.changed).toBeUndefined();
  });
});
