/**
 * Client lists by key, never by reading the tenant and filtering:
 *
 * - a caseload (`assignedTo` me or a user id): that clinician's partition of caseload entries, in
 *   name order, each entry the client's whole list answer;
 * - `all` in one organization: GSI2 (`ACCT#a#ORG#o#CLIENTNAME`), that organization's clients by name;
 * - `all` for a user with every organization: GSI1 (`ACCT#a#CLIENTNAME`), the tenant's clients by name;
 * - `all` for a user limited to a few organizations: their GSI2 partitions merged by sort key, so
 *   no other organization's client is even read; limited to many, GSI1 filtered to them.
 *
 * Search is a prefix of the name sort key (`CLIENT#<normalized first name> <last initial>#<id>`) in
 * the key condition. status and gradeLevel (and an organization on the caseload and GSI1 paths) are
 * FilterExpressions: DynamoDB reads the items before filtering, so a page loops until it is full or
 * the partitions end, and stops after MAX_ITEMS_READ_PER_PAGE items read so a rare filter value cannot
 * make one request read a whole district; such a page comes back short, with a cursor to go on.
 *
 * Every sort key has the same form on every path, so a page's position is just the last sort key
 * read: each source resumes right after it (ExclusiveStartKey rebuilt from it, with the partition
 * the server chooses), and the cursor carries nothing that could point at another partition.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { clientsQuery } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { canSeeOrganization, organizationScope, type AuthContext } from '../context.ts';
import { db } from '../db.ts';
import type { CaseloadEntryItem, ClientItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';

export type ClientsQuery = z.output<typeof clientsQuery>;
export type ListedClient = ClientItem | CaseloadEntryItem;

/** Items a page may read (before filters) in one request. */
export const MAX_ITEMS_READ_PER_PAGE = 1000;
/** Up to this many organizations a limited user's list merges their partitions; beyond, GSI1 filtered. */
export const MERGE_MAX_ORGANIZATIONS = 8;

interface Source {
  index?: 'GSI1' | 'GSI2';
  pk: string;
}

interface Filter {
  expression?: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

export interface ListPlan {
  sources: Source[];
  filter: Filter;
}

/** The user whose caseload is listed; undefined for every client the caller may see. */
export const caseloadOwner = (auth: AuthContext, assignedTo: string) => (assignedTo === 'all' ? undefined : assignedTo === 'me' ? auth.userId : assignedTo);

function buildFilter(q: ClientsQuery, organizations: { equal?: string; among?: Set<string> }): Filter {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equal = (attr: string, value: string | undefined) => {
    if (value === undefined) return;
    names[`#${attr}`] = attr;
    values[`:${attr}`] = value;
    parts.push(`#${attr} = :${attr}`);
  };
  equal('status', q.status);
  equal('gradeLevel', q.gradeLevel);
  equal('organizationId', organizations.equal);
  if (organizations.among) {
    // IN takes at most 100 operands; a scope is at most 500 organizations.
    const ids = [...organizations.among];
    names['#organizationId'] = 'organizationId';
    const groups: string[] = [];
    for (let g = 0; g < ids.length; g += 100) {
      const slots = ids.slice(g, g + 100).map((id, i) => {
        values[`:scope${g + i}`] = id;
        return `:scope${g + i}`;
      });
      groups.push(`#organizationId IN (${slots.join(', ')})`);
    }
    parts.push(groups.length > 1 ? `(${groups.join(' OR ')})` : groups[0]!);
  }
  return { expression: parts.length ? parts.join(' AND ') : undefined, names, values };
}

/** Which partitions a list reads, and what it filters; undefined when nothing can be visible. */
export function planList(auth: AuthContext, q: ClientsQuery): ListPlan | undefined {
  if (q.organizationId && !canSeeOrganization(auth, q.organizationId)) return undefined;
  const scope = organizationScope(auth);
  const owner = caseloadOwner(auth, q.assignedTo);
  const { accountId } = auth;
  if (owner) {
    return { sources: [{ pk: keys.caseload(accountId, owner) }], filter: buildFilter(q, q.organizationId ? { equal: q.organizationId } : { among: scope }) };
  }
  if (q.organizationId) return { sources: [{ index: 'GSI2', pk: keys.organizationClientsByName(accountId, q.organizationId) }], filter: buildFilter(q, {}) };
  if (!scope) return { sources: [{ index: 'GSI1', pk: keys.clientsByName(accountId) }], filter: buildFilter(q, {}) };
  if (scope.size <= MERGE_MAX_ORGANIZATIONS) {
    return { sources: [...scope].sort().map((o) => ({ index: 'GSI2', pk: keys.organizationClientsByName(accountId, o) })), filter: buildFilter(q, {}) };
  }
  return { sources: [{ index: 'GSI1', pk: keys.clientsByName(accountId) }], filter: buildFilter(q, { among: scope }) };
}

const sortKeyName = (s: Source) => (s.index ? `${s.index}SK` : 'SK');

/** The key to resume a source right after `position` (a name sort key, the same on every path). */
function startKey(accountId: string, s: Source, position: string): Record<string, string> {
  if (!s.index) return { PK: s.pk, SK: position };
  return { [`${s.index}PK`]: s.pk, [`${s.index}SK`]: position, ...keys.client(accountId, sortKeys.clientIdOfNameKey(position)) };
}

/** DynamoDB orders string keys by their UTF-8 bytes (JavaScript's `<` compares UTF-16 units). */
export const keyOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

async function queryOnce(accountId: string, s: Source, filter: Filter, prefix: string, position: string | undefined, limit: number) {
  const sk = sortKeyName(s);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: s.index,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      FilterExpression: filter.expression,
      ExpressionAttributeNames: { '#pk': s.index ? `${s.index}PK` : 'PK', '#sk': sk, ...filter.names },
      ExpressionAttributeValues: { ':pk': s.pk, ':prefix': prefix, ...filter.values },
      ExclusiveStartKey: position ? startKey(accountId, s, position) : undefined,
      // The caseload partition is on the table: read consistently, so a page right after a write shows it.
      ConsistentRead: s.index ? undefined : true,
      Limit: limit,
    }),
  );
  const rows = ((res.Items ?? []) as Record<string, unknown>[]).map((item) => ({ sk: item[sk] as string, item: item as unknown as ListedClient }));
  return { rows, last: res.LastEvaluatedKey?.[sk] as string | undefined, read: res.ScannedCount ?? rows.length };
}

/**
 * One page of at most `limit` clients after `position`, in key order, merged over the plan's
 * sources. `next` is where the following page starts, absent when every source has ended.
 */
export async function readPage(accountId: string, plan: ListPlan, prefix: string, position: string | undefined, limit: number) {
  let out: { sk: string; item: ListedClient }[] = [];
  let at = position;
  let read = 0;
  let open = plan.sources;
  while (open.length > 0) {
    // One more than the page needs, so a full page knows whether anything follows it.
    const want = limit - out.length + 1;
    const results = await Promise.all(open.map(async (s) => ({ s, ...(await queryOnce(accountId, s, plan.filter, prefix, at, want)) })));
    read += results.reduce((n, r) => n + r.read, 0);
    // Only keys up to the smallest position a source stopped at are known complete across sources.
    const frontier = results
      .map((r) => r.last)
      .filter((k): k is string => k !== undefined)
      .sort(keyOrder)[0];
    const settled = (sk: string) => frontier === undefined || keyOrder(sk, frontier) <= 0;
    for (const r of results) out.push(...r.rows.filter((row) => settled(row.sk)));
    // A source stays open while it has keys beyond the frontier, read or not yet read.
    open = results.filter((r) => r.last !== undefined || r.rows.some((row) => !settled(row.sk))).map((r) => r.s);
    out.sort((a, b) => keyOrder(a.sk, b.sk));
    if (out.length > limit) {
      out = out.slice(0, limit);
      return { items: out.map((r) => r.item), next: out[limit - 1]!.sk };
    }
    if (open.length === 0) break;
    at = frontier;
    if (out.length === limit) return { items: out.map((r) => r.item), next: out[limit - 1]!.sk };
    if (read >= MAX_ITEMS_READ_PER_PAGE) return { items: out.map((r) => r.item), next: frontier };
  }
  return { items: out.map((r) => r.item), next: undefined };
}
