import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition, transact, type TxItem } from '../db.ts';
import type { OrganizationItem } from '../items.ts';
import { entity, keys, normalizeOrganizationName } from '../keys.ts';
import { tableName } from '../table.ts';
import { conditionFailedAt } from './tx-errors.ts';

/** Another live organization of the account already holds the name (its guard item). */
export class OrganizationNameTakenError extends Error {
  constructor() {
    super('Organization name taken');
    this.name = 'OrganizationNameTakenError';
  }
}

/**
 * Claims the name guard for `orgId`: written only when no organization holds the name, or when
 * this one already does (an edit that keeps its name, or a repeated backfill).
 */
export function claimNameGuard(accountId: string, orgId: string, name: string): TxItem {
  return {
    Put: {
      Item: { ...keys.organizationName(accountId, name), type: entity.organizationName, accountId, organizationId: orgId },
      ConditionExpression: 'attribute_not_exists(PK) OR organizationId = :org',
      ExpressionAttributeValues: { ':org': orgId },
    },
  };
}

/** Releases `orgId`'s guard of `name`, which it must hold (the condition makes sure). */
function releaseNameGuard(accountId: string, orgId: string, name: string): TxItem {
  return {
    Delete: {
      Key: keys.organizationName(accountId, name),
      ConditionExpression: 'organizationId = :org',
      ExpressionAttributeValues: { ':org': orgId },
    },
  };
}

/**
 * Whether `orgId` holds the guard of `name`. Not when the organization predates the guards and
 * another one of the same name got it first: then there is nothing of its own to release.
 */
async function holdsNameGuard(accountId: string, orgId: string, name: string): Promise<boolean> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.organizationName(accountId, name), ConsistentRead: true }));
  return (res.Item as { organizationId?: string } | undefined)?.organizationId === orgId;
}

export async function getOrganizationItem(accountId: string, orgId: string): Promise<OrganizationItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.organization(accountId, orgId), ConsistentRead: true }));
  return res.Item as OrganizationItem | undefined;
}

/** Every organization of the account, archived ones included (one partition query). */
export function listOrganizationItems(accountId: string): Promise<OrganizationItem[]> {
  const { PK, SKPrefix } = keys.organizationPrefix(accountId);
  return queryPartition<OrganizationItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

/** The organization and its name guard in one transaction: of N parallel creates of one name, one wins. */
export async function putNewOrganization(org: OrganizationItem): Promise<void> {
  try {
    await transact([
      { Put: { Item: { ...keys.organization(org.accountId, org.id), type: entity.organization, ...org }, ConditionExpression: 'attribute_not_exists(PK)' } },
      claimNameGuard(org.accountId, org.id, org.name),
    ]);
  } catch (e) {
    if (conditionFailedAt(e, 1)) throw new OrganizationNameTakenError();
    throw e;
  }
}

type EditableFields = Pick<OrganizationItem, 'name' | 'orgType' | 'address' | 'phone' | 'contactPerson' | 'updatedAt' | 'updatedBy' | 'schoolNumber' | 'externalId'>;
const optionalFields = ['address', 'phone', 'contactPerson'] as const;

/**
 * Replaces the form fields of a live organization (absent optional fields are removed) without
 * touching clientCount, which client writes keep concurrently, and moves its name guard in the same
 * transaction: the new name is claimed (OrganizationNameTakenError when another organization holds
 * it) and a changed old name released. `previousName` is the name read before: the write requires
 * it still, so the guard released is the one the organization held ('changed' otherwise, to re-read).
 * Undefined when it is gone or archived.
 */
export async function replaceOrganizationFields(
  accountId: string,
  orgId: string,
  previousName: string,
  fields: EditableFields,
): Promise<OrganizationItem | undefined | 'changed'> {
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
  names['#prevName'] = 'name';
  values[':prevName'] = previousName;
  const releaseOld = normalizeOrganizationName(previousName) !== normalizeOrganizationName(fields.name) && (await holdsNameGuard(accountId, orgId, previousName));
  try {
    await transact([
      {
        Update: {
          Key: keys.organization(accountId, orgId),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt) AND #prevName = :prevName',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      // Claimed on every edit, so an organization from before the guards gets one at its first save.
      claimNameGuard(accountId, orgId, fields.name),
      ...(releaseOld ? [releaseNameGuard(accountId, orgId, previousName)] : []),
    ]);
  } catch (e) {
    if (conditionFailedAt(e, 1)) throw new OrganizationNameTakenError();
    if (conditionFailedAt(e, 0) || conditionFailedAt(e, 2)) {
      const current = await getOrganizationItem(accountId, orgId);
      return current && !current.archivedAt ? 'changed' : undefined;
    }
    throw e;
  }
  return getOrganizationItem(accountId, orgId);
}

export type ArchiveOutcome = 'archived' | 'missing' | 'has-clients';

/**
 * Sets archivedAt only while no client is left in the organization (checked atomically) and
 * releases its name guard in the same transaction: an archived organization leaves every list and
 * cannot come back, so its name is free for a new one. The write requires the name read before, so
 * the guard released is the one it holds (a rename in between → 'changed', to re-read).
 */
export async function archiveOrganizationItem(accountId: string, orgId: string, name: string, at: string, by: string): Promise<ArchiveOutcome | 'changed'> {
  const release = await holdsNameGuard(accountId, orgId, name);
  try {
    await transact([
      {
        Update: {
          Key: keys.organization(accountId, orgId),
          UpdateExpression: 'SET archivedAt = :at, updatedAt = :at, updatedBy = :by',
          ConditionExpression:
            'attribute_exists(PK) AND attribute_not_exists(archivedAt) AND (attribute_not_exists(clientCount) OR clientCount = :zero) AND #name = :name',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':at': at, ':by': by, ':zero': 0, ':name': name },
        },
      },
      ...(release ? [releaseNameGuard(accountId, orgId, name)] : []),
    ]);
    return 'archived';
  } catch (e) {
    if (conditionFailedAt(e, 1)) return 'changed';
    if (!conditionFailedAt(e, 0)) throw e;
    const current = await getOrganizationItem(accountId, orgId);
    if (!current || current.archivedAt) return 'missing';
    return current.name === name ? 'has-clients' : 'changed';
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
