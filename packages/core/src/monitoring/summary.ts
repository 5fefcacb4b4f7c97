/**
 * The dashboard's 'Goals at risk' without reading any student's data at dashboard time: each
 * client's counter item (`COUNTERS#CLIENT#<id>`, counters.ts) holds its active goals at risk as
 * last computed, and the scope items (ALL, ORG#…) their sum. "My caseload" adds up its clients'
 * items in the BatchGet it already makes, the account view reads its scope items: the dashboard's
 * request count stays what it was, whatever the district's size.
 *
 * The count is recomputed from the records (never adjusted by guesswork) where what it rests on
 * changes: a goal's write, an IEP's write, a session's update or deletion and a participant's
 * status (core/sessions), a client's archive or move. Never on a read: GET routes write nothing
 * (their IAM policy allows no write). A trial or count save does not (it stays two requests:
 * tests/integration/hot-path-requests.test.ts); its session's completion does.
 */
import type { Goal } from '@caseload/contract/sessions';
import { atRiskScopeUpdates, clientScope } from '../counters.ts';
import { transact } from '../db.ts';
import { goalsOfClient } from '../goals/repo.ts';
import type { ClientItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { getItem } from '../db/get-item.ts';
import { goalsAtRiskOf, goalsWithMonitoring } from './service.ts';

interface StoredShare {
  goalsAtRisk?: number;
  atRiskOrganization?: string;
}

/**
 * Stores the client's count of active goals at risk (0 once archived: an archived student's goals
 * are not on anyone's dashboard) and moves the scopes' sums by the difference, in one transaction
 * conditioned on the stored count being the one read (two racing refreshes: the loser reads again).
 */
export async function recordGoalsAtRisk(accountId: string, client: Pick<ClientItem, 'id' | 'organizationId' | 'archivedAt'>, goals: readonly Goal[]): Promise<void> {
  const count = client.archivedAt ? 0 : goalsAtRiskOf(goals);
  const key = keys.counters(accountId, clientScope(client.id));
  const index = keys.goalsAtRiskIndex(accountId, client.id);
  await retryOnConflict(async () => {
    const stored = await getItem<StoredShare>(key);
    const before = { count: stored?.goalsAtRisk ?? 0, organizationId: stored?.atRiskOrganization };
    const after = { count, organizationId: client.organizationId };
    if (before.count === after.count && (after.count === 0 || before.organizationId === after.organizationId)) return;
    const condition =
      stored?.goalsAtRisk === undefined
        ? { ConditionExpression: 'attribute_not_exists(#n)', ExpressionAttributeValues: undefined }
        : before.organizationId === undefined
          ? { ConditionExpression: '#n = :old AND attribute_not_exists(#org)', ExpressionAttributeValues: { ':old': before.count } }
          : { ConditionExpression: '#n = :old AND #org = :oldOrg', ExpressionAttributeValues: { ':old': before.count, ':oldOrg': before.organizationId } };
    await transact([
      {
        Update: {
          Key: key,
          // While the count is above 0 the item sits in the sparse index of clients with goals at risk (listGoalsAtRisk).
          UpdateExpression: [
            `SET ${['#type = :type', '#n = :n', ...(after.organizationId === undefined ? [] : ['#org = :org']), ...(after.count > 0 ? ['#gpk = :gpk', '#gsk = :gsk'] : [])].join(', ')}`,
            ...(after.organizationId === undefined || after.count === 0 ? [`REMOVE ${[...(after.organizationId === undefined ? ['#org'] : []), ...(after.count === 0 ? ['#gpk', '#gsk'] : [])].join(', ')}`] : []),
          ].join(' '),
          ConditionExpression: condition.ConditionExpression,
          ExpressionAttributeNames: { '#type': 'type', '#n': 'goalsAtRisk', '#org': 'atRiskOrganization', '#gpk': 'GSI2PK', '#gsk': 'GSI2SK' },
          ExpressionAttributeValues: {
            ':type': entity.counters,
            ':n': after.count,
            ...(after.organizationId === undefined ? {} : { ':org': after.organizationId }),
            ...(after.count > 0 ? { ':gpk': index.GSI2PK, ':gsk': index.GSI2SK } : {}),
            ...condition.ExpressionAttributeValues,
          },
        },
      },
      ...atRiskScopeUpdates(accountId, before, after),
    ]);
  });
}

/** Recomputes one client's count from its records (after a write that changes what monitoring rests on). */
export async function refreshGoalsAtRisk(accountId: string, clientId: string): Promise<void> {
  const client = await getItem<ClientItem>(keys.client(accountId, clientId));
  if (!client) return;
  const goals = client.archivedAt ? [] : await goalsWithMonitoring(accountId, clientId, await goalsOfClient(accountId, clientId));
  await recordGoalsAtRisk(accountId, client, goals);
}

/** The same for several clients (a session's participants), one after another. */
export async function refreshGoalsAtRiskOf(accountId: string, clientIds: Iterable<string>): Promise<void> {
  for (const clientId of new Set(clientIds)) await refreshGoalsAtRisk(accountId, clientId);
}
