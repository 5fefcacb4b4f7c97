/**
 * GET /api/roster (part 4 §3): the district roster's active entries in name order, for the Add
 * Client dialog's "From the district roster". Anyone who may create clients reads it, within their
 * organizations: one prefix Query per partition it may read (GSI1, the whole district, for users
 * with every organization; GSI2 per school otherwise), merged by name. The grade is a filter.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RosterEntry, RosterPage, rosterQuery } from '@caseload/contract/roster';
import type * as z from 'zod/mini';
import { canSeeOrganization, organizationScope, type AuthContext } from '../context.ts';
import { cursorBinding, openCursor, sealCursor } from '../cursor.ts';
import { db } from '../db.ts';
import { keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import type { RosterEntryItem } from './entries.ts';

const DEFAULT_LIMIT = 25;

type Stored = RosterEntryItem & { GSI1SK?: string; GSI2SK?: string };

/** Up to `limit` entries of one name-ordered partition after `after`, with the grade filter. */
async function readPartition(index: 'GSI1' | 'GSI2', pk: string, prefix: string, after: string | undefined, limit: number, gradeLevel: string | undefined): Promise<{ sk: string; item: Stored }[]> {
  const out: { sk: string; item: Stored }[] = [];
  const from = after && after >= prefix ? `${after}\u0000` : prefix;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': `${index}PK`, '#sk': `${index}SK`, ...(gradeLevel ? { '#grade': 'gradeLevel' } : {}) },
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': `${prefix}\uffff`, ...(gradeLevel ? { ':grade': gradeLevel } : {}) },
        ...(gradeLevel ? { FilterExpression: '#grade = :grade' } : {}),
        Limit: limit,
        ExclusiveStartKey,
      }),
    );
    for (const item of (res.Items ?? []) as Stored[]) out.push({ sk: (index === 'GSI1' ? item.GSI1SK : item.GSI2SK)!, item });
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey && out.length < limit);
  return out.slice(0, limit);
}

const toEntry = (e: RosterEntryItem): RosterEntry => ({
  id: e.id,
  firstName: e.firstName,
  lastInitial: e.lastInitial,
  ...(e.gradeLevel ? { gradeLevel: e.gradeLevel } : {}),
  ...(e.organizationId ? { organizationId: e.organizationId } : {}),
  ...(e.clientId ? { clientId: e.clientId } : {}),
});

export async function listRoster(auth: AuthContext, q: z.output<typeof rosterQuery>): Promise<RosterPage> {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const binding = cursorBinding({ account: auth.accountId, user: auth.userId, list: 'roster', search: q.search, organizationId: q.organizationId, gradeLevel: q.gradeLevel });
  const after = q.cursor === undefined ? undefined : openCursor(binding, q.cursor);
  const prefix = sortKeys.rosterNamePrefix(q.search ?? '');
  // A school outside the user's organizations reads as an empty roster, as its clients do.
  if (q.organizationId && !canSeeOrganization(auth, q.organizationId)) return { items: [] };
  const scope = organizationScope(auth);
  const partitions: ['GSI1' | 'GSI2', string][] = q.organizationId
    ? [['GSI2', keys.organizationRosterByName(auth.accountId, q.organizationId)]]
    : scope
      ? [...scope].map((org): ['GSI2', string] => ['GSI2', keys.organizationRosterByName(auth.accountId, org)])
      : [['GSI1', keys.rosterByName(auth.accountId)]];
  const pages = await Promise.all(partitions.map(([index, pk]) => readPartition(index, pk, prefix, after, limit + 1, q.gradeLevel)));
  const merged = pages.flat().sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  const items = merged.slice(0, limit);
  const more = merged.length > limit;
  return { items: items.map((e) => toEntry(e.item)), ...(more ? { nextCursor: sealCursor(binding, items[items.length - 1]!.sk) } : {}) };
}
