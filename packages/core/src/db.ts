import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { createTableInput, tableDefinition, tableName } from './table.ts';

let shared: DynamoDBDocumentClient | undefined;
let sharedRaw: DynamoDBClient | undefined;

/**
 * The document client. `DYNAMODB_ENDPOINT` points it at DynamoDB Local (or any endpoint); on Lambda
 * the SDK's own configuration applies. One client per process, reused across invocations.
 */
export function db(): DynamoDBDocumentClient {
  if (!shared) shared = DynamoDBDocumentClient.from(rawDb(), { marshallOptions: { removeUndefinedValues: true } });
  return shared;
}

/** The low-level client under `db()`, for libraries that speak DynamoDB's own types (Powertools). */
export function rawDb(): DynamoDBClient {
  sharedRaw ??= createRawClient();
  return sharedRaw;
}

export function createRawClient(): DynamoDBClient {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  return new DynamoDBClient({
    ...(endpoint
      ? { endpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
  });
}

/** Replaces the shared client (tests inject faults through SDK middleware on their own client). */
export function setDb(client: DynamoDBDocumentClient | undefined) {
  shared = client;
  if (!client) sharedRaw = undefined;
}

export type Item = Record<string, unknown>;

/** Whether a write was refused by its own condition: the rule it guards held. */
export const isConditionFailure = (e: unknown) => (e as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** For `.catch` after a write whose refusal by its condition is an answer, not a fault. */
export function unlessConditionFailed(e: unknown): void {
  if (!isConditionFailure(e)) throw e;
}

/** Runs a query to the end, following LastEvaluatedKey. */
/** Every item of a Query, page after page, or the first `maxItems` (a page ends at 1 MB, so a limit may need several). */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName'>, maxItems = Infinity): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const Limit = Number.isFinite(maxItems) ? maxItems - items.length : undefined;
    const page = await db().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey, Limit }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < maxItems);
  return items;
}

/** Which partition (and sort-key range) a Query reads, on the table or an index. */
export interface PartitionQuery {
  index?: 'GSI1' | 'GSI2';
  pk: string;
  skPrefix?: string;
  skBetween?: [string, string];
  /** Sort keys from this one on (inclusive). */
  skFrom?: string;
  forward?: boolean;
  /** At most this many items (read over as many pages as that takes). */
  limit?: number;
  consistent?: boolean;
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'>;
}

/** Query one partition (optionally an SK prefix) on the table or an index. */
export function queryPartition<T = Item>(opts: PartitionQuery): Promise<T[]> {
  return queryAll<T>(partitionInput(opts), opts.limit);
}

/**
 * The same Query one DynamoDB page at a time (at most `pageSize` items each), for readers whose
 * memory must not grow with the partition (a whole district's export).
 */
export async function* queryPartitionPages<T = Item>(opts: Omit<PartitionQuery, 'limit'>, pageSize: number): AsyncGenerator<T[]> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...partitionInput(opts), TableName: tableName(), ExclusiveStartKey, Limit: pageSize }));
    yield (page.Items ?? []) as T[];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

function partitionInput(opts: Omit<PartitionQuery, 'limit'>): Omit<QueryCommandInput, 'TableName'> {
  const pkName = opts.index ? `${opts.index}PK` : 'PK';
  const skName = opts.index ? `${opts.index}SK` : 'SK';
  let condition = '#pk = :pk';
  const values: Record<string, unknown> = { ':pk': opts.pk, ...(opts.filter?.ExpressionAttributeValues ?? {}) };
  const names: Record<string, string> = { '#pk': pkName, ...(opts.filter?.ExpressionAttributeNames ?? {}) };
  if (opts.skPrefix !== undefined) {
    condition += ' AND begins_with(#sk, :sk)';
    values[':sk'] = opts.skPrefix;
    names['#sk'] = skName;
  } else if (opts.skBetween) {
    condition += ' AND #sk BETWEEN :a AND :b';
    values[':a'] = opts.skBetween[0];
    values[':b'] = opts.skBetween[1];
    names['#sk'] = skName;
  } else if (opts.skFrom !== undefined) {
    condition += ' AND #sk >= :from';
    values[':from'] = opts.skFrom;
    names['#sk'] = skName;
  }
  return {
    IndexName: opts.index,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: opts.forward ?? true,
    ConsistentRead: opts.index ? undefined : opts.consistent,
    FilterExpression: opts.filter?.FilterExpression,
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type NoTable<T> = Omit<NonNullable<T>, 'TableName'>;
/** One write of a transaction, without the table name (filled in by `transact`). */
export type TxItem =
  | { Put: NoTable<TransactItem['Put']> }
  | { Update: NoTable<TransactItem['Update']> }
  | { Delete: NoTable<TransactItem['Delete']> }
  | { ConditionCheck: NoTable<TransactItem['ConditionCheck']> };

/** A multi-item write: all or nothing. */
export async function transact(items: TxItem[]): Promise<void> {
  const TableName = tableName();
  const filled = items.map((it) => {
    const [op, params] = Object.entries(it)[0] as [string, object];
    return { [op]: { ...params, TableName } };
  });
  await db().send(new TransactWriteCommand({ TransactItems: filled }));
}

/** Creates the table (and its TTL) when it does not exist; returns whether it created it. */
export async function ensureTable(name = tableName(), client: DynamoDBClient = createRawClient()): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return false;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException) && (e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  await client.send(new CreateTableCommand(createTableInput(name)));
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true } }),
  );
  return true;
}
