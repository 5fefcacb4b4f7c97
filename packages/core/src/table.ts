/**
 * The table's definition: read by the local runtime (CreateTable) and by the CDK stack, so the two
 * can never disagree about keys or indexes.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

export const defaultTableName = 'caseload';
export const tableName = () => process.env.TABLE_NAME ?? defaultTableName;

/** The CreateTable input (on-demand billing) derived from the definition. */
export function createTableInput(name: string) {
  const attrs = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const g of tableDefinition.globalSecondaryIndexes) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
