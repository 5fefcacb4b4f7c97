/**
 * Seeds a large tenant directly in the table (not through the API), for benchmarks:
 *
 *   npx tsx bench/seed-large.ts --clients 2000 --sessions-per-client 20 --goals-per-client 5
 *
 * Items have the same keys and shapes the services write; dashboard counters are computed with
 * the same counter functions and written merged. Against DYNAMODB_ENDPOINT / TABLE_NAME.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { goalTypes, gradeLevels } from '../packages/contract/src/enums.ts';
import { hashPassword } from '../packages/core/src/auth/passwords.ts';
import { putNewUser } from '../packages/core/src/auth/users-repo.ts';
import { caseloadCounterUpdates, mergeUpdates, sessionCounterChanges } from '../packages/core/src/counters.ts';
import { db, type TxItem } from '../packages/core/src/db.ts';
import { newId } from '../packages/core/src/ids.ts';
import type { ClientItem, GoalItem, OrganizationItem, ProgressItem, SessionItem } from '../packages/core/src/items.ts';
import { entity, keys } from '../packages/core/src/keys.ts';
import { progressKeys } from '../packages/core/src/sessions/repo.ts';
import { tableName } from '../packages/core/src/table.ts';

export interface LargeTenantOptions {
  clients: number;
  sessionsPerClient: number;
  goalsPerClient: number;
  email?: string;
  password?: string;
  log?: (s: string) => void;
}

export interface SeededTenant {
  accountId: string;
  email: string;
  password: string;
  clientIds: string[];
  sessionIds: string[];
  goalsByClient: Map<string, string[]>;
  sessionClient: Map<string, string>;
  items: number;
  seconds: number;
}

async function batchWrite(items: Record<string, unknown>[], concurrency = 8) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < chunks.length) {
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [tableName()]: chunks[next++]!.map((Item) => ({ PutRequest: { Item } })),
        };
        while (request && Object.keys(request).length) {
          const res = await db().send(new BatchWriteCommand({ RequestItems: request }));
          request = res.UnprocessedItems as typeof request;
        }
      }
    }),
  );
}

export async function seedLargeTenant(opts: LargeTenantOptions): Promise<SeededTenant> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const now = new Date();
  const at = now.toISOString();
  const accountId = newId();
  const email = opts.email ?? `bench-${accountId.slice(0, 8)}@bench.test`;
  const password = opts.password ?? 'Bench-password-2026!';
  const ownerId = newId();
  await putNewUser(
    { id: ownerId, accountId, email, passwordHash: await hashPassword(password), firstName: 'Bench', lastName: 'Owner', role: 'slp', userType: 'owner', isActive: true, twoFactorEnabled: false, createdAt: at, updatedAt: at },
    { id: accountId, name: 'Bench District', createdAt: at, updatedAt: at },
  );

  const items: Record<string, unknown>[] = [];
  let written = 0;
  const flush = async () => {
    written += items.length;
    await batchWrite(items.splice(0));
  };
  const counterUpdates: TxItem[] = [];
  const orgs: OrganizationItem[] = Array.from({ length: 5 }, (_, i) => ({ id: newId(), accountId, name: `School ${i + 1}`, orgType: 'school', createdAt: at, updatedAt: at }));
  for (const o of orgs) items.push({ ...keys.organization(accountId, o.id), type: entity.organization, ...o });

  const clientIds: string[] = [];
  const goalsByClient = new Map<string, string[]>();
  const sessionIds: string[] = [];
  const sessionClient = new Map<string, string>();
  const weekMs = 7 * 86400_000;
  for (let c = 0; c < opts.clients; c++) {
    const org = orgs[c % orgs.length]!;
    const client: ClientItem = { id: newId(), accountId, organizationId: org.id, firstName: `Client${c}`, lastInitial: String.fromCharCode(65 + (c % 26)), gradeLevel: gradeLevels[c % gradeLevels.length], sessionFrequency: 1 + (c % 3), status: 'active', diagnosis: 'Speech sound disorder', createdAt: at, updatedAt: at };
    clientIds.push(client.id);
    items.push({ ...keys.client(accountId, client.id), type: entity.client, ...client });
    counterUpdates.push(...caseloadCounterUpdates(accountId, org.id, { activeClients: 1, clientsAdded: 1 }, at));
    const goalIds: string[] = [];
    for (let g = 0; g < opts.goalsPerClient; g++) {
      const goal: GoalItem = { id: newId(), accountId, clientId: client.id, organizationId: org.id, name: `Goal ${g + 1}`, goalType: goalTypes[g % goalTypes.length]!, description: '<p>Target with 80% accuracy.</p>', targetCriteria: '80% accuracy', status: 'active', createdAt: at, updatedAt: at };
      goalIds.push(goal.id);
      items.push({ ...keys.goal(accountId, goal.id), ...keys.goalIndex(accountId, client.id, goal.id), type: entity.goal, version: 1, ...goal });
      counterUpdates.push(...caseloadCounterUpdates(accountId, org.id, { activeGoals: 1 }, at));
    }
    goalsByClient.set(client.id, goalIds);
    for (let s = 0; s < opts.sessionsPerClient; s++) {
      // Weekly, the last one in the current week: spread over the days and half hours of the week.
      const scheduled = new Date(now.getTime() - (opts.sessionsPerClient - 2 - s) * weekMs);
      scheduled.setUTCHours(13 + (c % 8), c % 2 ? 30 : 0, 0, 0);
      const scheduledAt = scheduled.toISOString();
      const past = scheduled.getTime() < now.getTime();
      const session: SessionItem = {
        id: newId(),
        accountId,
        sessionType: 'therapy',
        status: past ? 'completed' : 'scheduled',
        scheduledAt,
        duration: 30,
        participants: { [client.id]: { status: past ? 'present' : 'scheduled', firstName: client.firstName, lastInitial: client.lastInitial, organizationId: org.id, addedAt: at } },
        createdAt: at,
        updatedAt: at,
        createdBy: ownerId,
        providerId: ownerId,
      };
      sessionIds.push(session.id);
      sessionClient.set(session.id, client.id);
      items.push({ ...session, ...keys.session(accountId, session.id), ...keys.sessionIndex(accountId, scheduledAt, session.id), ...keys.sessionProviderIndex(accountId, ownerId, scheduledAt, session.id), type: entity.session, version: 1 });
      counterUpdates.push(...sessionCounterChanges(accountId, undefined, { orgIds: [org.id], scheduledAt, status: session.status }));
      if (!past) continue;
      for (const goalId of goalIds) {
        const total = 10;
        const row: ProgressItem = { id: `${session.id}:${goalId}`, accountId, sessionId: session.id, goalId, clientId: client.id, organizationId: org.id, successfulAttempts: Math.min(total, 3 + (s % 8)), totalAttempts: total, recordedAt: scheduledAt, updatedAt: at };
        items.push({ ...progressKeys(row), type: entity.progress, ...row });
      }
    }
    if (items.length >= 5000) {
      await flush();
      log(`  ${c + 1}/${opts.clients} clients written`);
    }
  }
  await flush();
  const merged = mergeUpdates(counterUpdates);
  for (const u of merged) if ('Update' in u) await db().send(new UpdateCommand({ TableName: tableName(), ...u.Update }));
  return {
    accountId,
    email,
    password,
    clientIds,
    sessionIds,
    goalsByClient,
    sessionClient,
    items: written + merged.length + 3,
    seconds: (Date.now() - started) / 1000,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const result = await seedLargeTenant({ clients: arg('clients', 2000), sessionsPerClient: arg('sessions-per-client', 20), goalsPerClient: arg('goals-per-client', 5), log: console.log });
  console.log(`Seeded account ${result.accountId} (${result.items} items) in ${result.seconds.toFixed(1)} s; sign in as ${result.email} / ${result.password}`);
}
