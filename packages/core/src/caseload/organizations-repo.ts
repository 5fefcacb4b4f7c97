import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, type TxItem } from '../db.ts';
import type { OrganizationItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

export async function getOrganizationItem(accountId: string, orgId: string): Promise<OrganizationItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.organization(accountId, orgId), ConsistentRead: true }));
  return res.Item as OrganizationItem | undefined;
}

/** Every organization of the account, archived ones included (one partition query). */
export function listOrganizationItems(accountId: string): Promise<OrganizationItem[]> {
  const { PK, SKPrefix } = keys.organizationPrefix(accountId);
  return queryPartition<OrganizationItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

export async function putNewOrganization(org: OrganizationItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.organization(org.accountId, org.id), type: entity.organization, ...org },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

type EditableFields = Pick<OrganizationItem, 'name' | 'orgType' | 'address' | 'phone' | 'contactPerson' | 'updatedAt' | 'updatedBy'>;
const optionalFields = ['address', 'phone', 'contactPerson'] as const;

/**
 * Replaces the form fields of a live organization (absent optional fields are removed) without
 * touching clientCount, which client writes keep concurrently. Undefined when it is gone or archived.
 */
export async function replaceOrganizationFields(accountId: string, orgId: string, fields: EditableFields): Promise<OrganizationItem | undefined> {
  const present = Object.entries(fields).filter(([, v]) => v !== undefined);
  const absent = optionalFields.filter((f) => fields[f] === undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = present.map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = absent.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(accountId, orgId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as OrganizationItem;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

export type ArchiveOutcome = 'archived' | 'missing' | 'has-clients';

/** Sets archivedAt only while no client is left in the organization (checked atomically). */
export async function archiveOrganizationItem(accountId: string, orgId: string, at: string, by: string): Promise<ArchiveOutcome> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(accountId, orgId),
        UpdateExpression: 'SET archivedAt = :at, updatedAt = :at, updatedBy = :by',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt) AND (attribute_not_exists(clientCount) OR clientCount = :zero)',
        ExpressionAttributeValues: { ':at': at, ':by': by, ':zero': 0 },
      }),
    );
    return 'archived';
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    const current = await getOrganizationItem(accountId, orgId);
    return !current || current.archivedAt ? 'missing' : 'has-clients';
  }
}

/**
 * The transaction item that moves a client into (+1) or out of (-1) an organization. Joining
 * requires a live organization, so a client can never land in an archived or foreign one even
 * when the archive races with the client write.
 */
export function clientCountUpdate(accountId: string, orgId: string, delta: 1 | -1): TxItem {
  return {
    Update: {
      Key: keys.organization(accountId, orgId),
      UpdateExpression: 'ADD clientCount :d',
      ConditionExpression: delta > 0 ? 'attribute_exists(PK) AND attribute_not_exists(archivedAt)' : 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}
