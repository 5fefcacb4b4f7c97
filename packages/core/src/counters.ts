/**
 * Dashboard counters, so the dashboard's cost does not grow with the caseload.
 *
 * Scopes: `ALL` (the whole account) and `ORG#<id>` / `ORG#none` (clients without an organization),
 * so a user limited to some organizations reads only theirs. Two kinds of item per scope:
 * - `COUNTERS#<scope>`: activeClients, activeGoals, and per month `clientsAdded_<yyyymm>`,
 *   `goalsMastered_<yyyymm>`;
 * - `COUNTERS#<scope>#D#<yyyy-mm-dd>` (UTC day): per half-hour slot `n_<HHmm>` sessions scheduled,
 *   `c_<HHmm>` completed, `x_<HHmm>` canceled; a week is at most 8 such items per scope.
 * And per client, `COUNTERS#CLIENT#<id>`: its goals alone (activeGoals, `goalsMastered_<yyyymm>`,
 * and `changes`, which every update raises, so the backfill can tell it raced a goal write), so
 * "My caseload" reads a caseload's goal counts in one BatchGet instead of a Query per student.
 * Every write is an `ADD` inside the same transaction as the record it counts.
 *
 * `goalsAtRisk` (spec part 4 §7) is the one count that is not a sum of deltas: the client's item
 * holds its active goals at risk as last computed (SET, with `atRiskOrganization`, where that
 * count was added), and the scope items hold the sum, moved by the difference in the same
 * transaction, conditioned on the client's count still being the one read (core/monitoring/summary.ts).
 */
import { queryPartition, type TxItem } from './db.ts';
import { batchGetItems } from './db/batch-get.ts';
import { counterScopes, entity, keys, sortKeys } from './keys.ts';

export const orgScope = counterScopes.organization;
export const clientScope = counterScopes.client;
const scopesOf = (orgIds: (string | undefined)[]) => [counterScopes.all, ...new Set(orgIds.map(orgScope))];

export const monthKey = (iso: string) => iso.slice(0, 7).replace('-', '');
const slotOf = (iso: string) => {
  const d = new Date(iso);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = d.getUTCMinutes() < 30 ? '00' : '30';
  return { day: d.toISOString().slice(0, 10), slot: `${hh}${mm}` };
};

function addUpdate(accountId: string, period: string, deltas: Record<string, number>): TxItem | undefined {
  const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
  if (!entries.length) return undefined;
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = { ':type': entity.counters };
  const adds = entries.map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      Key: keys.counters(accountId, period),
      UpdateExpression: `SET #type = :type ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export interface SessionCountDelta {
  scheduled?: number;
  completed?: number;
  canceled?: number;
}

/** Counter updates for a session at `scheduledAt` touching clients of these organizations. */
export function sessionCounterUpdates(accountId: string, orgIds: (string | undefined)[], scheduledAt: string, delta: SessionCountDelta): TxItem[] {
  const { day, slot } = slotOf(scheduledAt);
  return scopesOf(orgIds)
    .map((scope) =>
      addUpdate(accountId, counterScopes.day(scope, day), { [`n_${slot}`]: delta.scheduled ?? 0, [`c_${slot}`]: delta.completed ?? 0, [`x_${slot}`]: delta.canceled ?? 0 }),
    )
    .filter((u): u is TxItem => !!u);
}

/** The count changes a session's move from one state to another means (either side may be absent). */
export function sessionCounterChanges(
  accountId: string,
  before: { orgIds: (string | undefined)[]; scheduledAt: string; status: string } | undefined,
  after: { orgIds: (string | undefined)[]; scheduledAt: string; status: string } | undefined,
): TxItem[] {
  const of = (s: { status: string }, sign: number): SessionCountDelta => ({
    scheduled: sign,
    completed: s.status === 'completed' ? sign : 0,
    canceled: s.status === 'canceled' ? sign : 0,
  });
  const out: TxItem[] = [];
  if (before) out.push(...sessionCounterUpdates(accountId, before.orgIds, before.scheduledAt, of(before, -1)));
  if (after) out.push(...sessionCounterUpdates(accountId, after.orgIds, after.scheduledAt, of(after, 1)));
  return mergeUpdates(out);
}

export interface CaseloadDelta {
  activeClients?: number;
  activeGoals?: number;
  clientsAdded?: number;
  goalsMastered?: number;
}

/** Counter updates for clients and goals of one organization, at time `at` (for the month keys). */
export function caseloadCounterUpdates(accountId: string, organizationId: string | undefined, delta: CaseloadDelta, at: string): TxItem[] {
  const month = monthKey(at);
  return scopesOf([organizationId])
    .map((scope) =>
      addUpdate(accountId, scope, {
        activeClients: delta.activeClients ?? 0,
        activeGoals: delta.activeGoals ?? 0,
        [`clientsAdded_${month}`]: delta.clientsAdded ?? 0,
        [`goalsMastered_${month}`]: delta.goalsMastered ?? 0,
      }),
    )
    .filter((u): u is TxItem => !!u);
}

export interface GoalCountDelta {
  activeGoals?: number;
  goalsMastered?: number;
}

/** Counter updates for one client's own goal counts, at time `at` (for the month key). */
export function clientGoalCounterUpdates(accountId: string, clientId: string, delta: GoalCountDelta, at: string): TxItem[] {
  const update = addUpdate(accountId, clientScope(clientId), {
    activeGoals: delta.activeGoals ?? 0,
    [`goalsMastered_${monthKey(at)}`]: delta.goalsMastered ?? 0,
    changes: 1,
  });
  return update ? [update] : [];
}

export interface ClientGoalCounts {
  activeGoals: number;
  goalsMasteredThisMonth: number;
  goalsAtRisk: number;
}

/** A client's share of the scopes' goalsAtRisk: its count, in the organization it was added to. */
export interface AtRiskShare {
  count: number;
  organizationId: string | undefined;
}

/** The scope updates (ALL and the organization's) that move a client's goalsAtRisk share from `before` to `after`. */
export function atRiskScopeUpdates(accountId: string, before: AtRiskShare, after: AtRiskShare): TxItem[] {
  const share = (s: AtRiskShare, sign: number) =>
    scopesOf([s.organizationId])
      .map((scope) => addUpdate(accountId, scope, { goalsAtRisk: sign * s.count }))
      .filter((u): u is TxItem => !!u);
  return mergeUpdates([...share(before, -1), ...share(after, 1)]);
}

/**
 * The goal counts of these clients together, from their own counters: one BatchGet per 100
 * clients (a caseload is 30–70), so the cost does not follow the caseload's size.
 */
export async function readClientGoalCounts(accountId: string, clientIds: string[], now: Date): Promise<ClientGoalCounts> {
  const items = await batchGet(accountId, clientIds.map(clientScope));
  const month = monthKey(now.toISOString());
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const counts: ClientGoalCounts = { activeGoals: 0, goalsMasteredThisMonth: 0, goalsAtRisk: 0 };
  for (const item of items.values()) {
    counts.activeGoals += num(item.activeGoals);
    counts.goalsAtRisk += num(item.goalsAtRisk);
    counts.goalsMasteredThisMonth += num(item[`goalsMastered_${month}`]);
  }
  return counts;
}

/** Each of these clients' goals at risk as last counted (core/monitoring/summary.ts), those with any: one BatchGet per 100 clients. */
export async function readClientGoalsAtRisk(accountId: string, clientIds: string[]): Promise<Map<string, number>> {
  const items = await batchGet(accountId, clientIds.map(clientScope));
  const out = new Map<string, number>();
  for (const id of clientIds) {
    const n = items.get(clientScope(id))?.goalsAtRisk;
    if (typeof n === 'number' && n > 0) out.set(id, n);
  }
  return out;
}

/** Folds updates of the same counter item into one (a transaction may touch an item only once). */
export function mergeUpdates(updates: TxItem[]): TxItem[] {
  const byKey = new Map<string, { key: Record<string, unknown>; deltas: Record<string, number> }>();
  for (const u of updates) {
    if (!('Update' in u)) continue;
    const key = u.Update.Key as Record<string, string>;
    const id = `${key.PK}|${key.SK}`;
    const entry = byKey.get(id) ?? { key, deltas: {} };
    const names = u.Update.ExpressionAttributeNames ?? {};
    const values = u.Update.ExpressionAttributeValues ?? {};
    for (const [alias, attr] of Object.entries(names)) {
      if (!alias.startsWith('#a')) continue;
      entry.deltas[attr] = (entry.deltas[attr] ?? 0) + Number(values[`:a${alias.slice(2)}`]);
    }
    byKey.set(id, entry);
  }
  return [...byKey.values()]
    .map(({ key, deltas }) => {
      const { accountId, period } = sortKeys.counterOf(key as { PK: string; SK: string });
      return addUpdate(accountId, period, deltas);
    })
    .filter((u): u is TxItem => !!u);
}

type CounterItem = Record<string, number | string>;

async function batchGet(accountId: string, periods: string[]): Promise<Map<string, CounterItem>> {
  const found = await batchGetItems<CounterItem & { PK: string; SK: string }>(periods.map((p) => keys.counters(accountId, p)));
  return new Map(found.map((item) => [sortKeys.counterOf(item).period, item]));
}

export interface DashboardCounts {
  activeClients: number;
  activeGoals: number;
  goalsAtRisk: number;
  clientsAddedThisMonth: number;
  goalsMasteredThisMonth: number;
  weekSessions: number;
  lastWeekSessions: number;
  dueSoFar: number;
  completedSoFar: number;
  remainingThisWeek: number;
}

/**
 * Reads the counters for the user's scopes: one BatchGet of (scopes × 16 days + scopes) items,
 * whatever the caseload's size. `weekStart` is the user's local Monday 00:00.
 */
export async function readDashboardCounts(accountId: string, orgIds: string[] | undefined, weekStart: Date, now: Date): Promise<DashboardCounts> {
  const scopes = orgIds ? orgIds.map((o) => orgScope(o)) : [counterScopes.all];
  const lastWeekStart = new Date(weekStart.getTime() - 7 * 86400_000);
  const weekEnd = new Date(weekStart.getTime() + 7 * 86400_000);
  const days: string[] = [];
  for (let t = Date.UTC(lastWeekStart.getUTCFullYear(), lastWeekStart.getUTCMonth(), lastWeekStart.getUTCDate()); t < weekEnd.getTime(); t += 86400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  const periods = scopes.flatMap((s) => [s, ...days.map((d) => counterScopes.day(s, d))]);
  const items = await batchGet(accountId, periods);
  const month = monthKey(now.toISOString());
  const counts: DashboardCounts = { activeClients: 0, activeGoals: 0, goalsAtRisk: 0, clientsAddedThisMonth: 0, goalsMasteredThisMonth: 0, weekSessions: 0, lastWeekSessions: 0, dueSoFar: 0, completedSoFar: 0, remainingThisWeek: 0 };
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  for (const scope of scopes) {
    const totals = items.get(scope) ?? {};
    counts.activeClients += num(totals.activeClients);
    counts.activeGoals += num(totals.activeGoals);
    counts.goalsAtRisk += num(totals.goalsAtRisk);
    counts.clientsAddedThisMonth += num(totals[`clientsAdded_${month}`]);
    counts.goalsMasteredThisMonth += num(totals[`goalsMastered_${month}`]);
    for (const day of days) {
      const item = items.get(counterScopes.day(scope, day));
      if (!item) continue;
      for (const [attr, value] of Object.entries(item)) {
        if (!attr.startsWith('n_')) continue;
        const slot = attr.slice(2);
        const at = Date.parse(`${day}T${slot.slice(0, 2)}:${slot.slice(2)}:00.000Z`);
        const live = num(value) - num(item[`x_${slot}`]);
        const completed = num(item[`c_${slot}`]);
        if (at >= lastWeekStart.getTime() && at < weekStart.getTime()) counts.lastWeekSessions += live;
        if (at < weekStart.getTime() || at >= weekEnd.getTime()) continue;
        counts.weekSessions += live;
        if (at <= now.getTime()) {
          counts.dueSoFar += live;
          counts.completedSoFar += completed;
        } else counts.remainingThisWeek += live;
      }
    }
  }
  return counts;
}

export interface OrganizationCounts {
  activeClients: number;
  activeGoals: number;
  sessionsThisMonth: number;
}

/** Sessions of one day item, canceled excluded. */
function liveSessionsOfDay(item: CounterItem): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  let total = 0;
  for (const [attr, value] of Object.entries(item)) {
    if (attr.startsWith('n_')) total += num(value) - num(item[`x_${attr.slice(2)}`]);
  }
  return total;
}

/**
 * Per organization: active clients and goals, and sessions month-to-date (the 1st of `now`'s UTC
 * month through today, canceled excluded). One BatchGet for the totals and one bounded Query of
 * day items per organization, so the cost follows the number of organizations, not the caseload.
 */
export async function readOrganizationCounts(accountId: string, orgIds: string[], now: Date): Promise<Map<string, OrganizationCounts>> {
  const today = now.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  const [totals, days] = await Promise.all([
    batchGet(accountId, orgIds.map(orgScope)),
    Promise.all(
      orgIds.map((id) =>
        queryPartition<CounterItem>({
          pk: keys.counters(accountId, orgScope(id)).PK,
          skBetween: [keys.counters(accountId, counterScopes.day(orgScope(id), monthStart)).SK, keys.counters(accountId, counterScopes.day(orgScope(id), today)).SK],
        }),
      ),
    ),
  ]);
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return new Map(
    orgIds.map((id, i) => {
      const t = totals.get(orgScope(id)) ?? {};
      const sessionsThisMonth = days[i]!.reduce((sum, item) => sum + liveSessionsOfDay(item), 0);
      return [id, { activeClients: num(t.activeClients), activeGoals: num(t.activeGoals), sessionsThisMonth }];
    }),
  );
}
