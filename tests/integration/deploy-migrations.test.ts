/**
 * The migration step every deploy runs (the stack's Trigger, functions/operations/run-migrations.ts)
 * and `npm start` runs: on a table "at the previous version" (items as they were written before
 * the session-provider, client-caseload-key, organization-name and client goal-counter migrations), the first run
 * changes them and records a marker per migration; the second run is all skipped and changes no
 * item of the table.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/operations/run-migrations.ts';
import { clientScope } from '../../packages/core/src/counters.ts';
import { db } from '../../packages/core/src/db.ts';
import type { ClientItem, OrganizationItem, SessionItem } from '../../packages/core/src/items.ts';
import { keys, operatorKeys } from '../../packages/core/src/keys.ts';
import { migrations, runPendingMigrations } from '../../packages/core/src/run-migrations.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { signUpOwner } from '../support/accounts.ts';
import { getRaw } from '../support/fixtures-sessions.ts';
import { putClient, putGoal, putOrganization, putSession } from '../support/records.ts';

/** Every item of this file's table, keyed by PK and SK, in a stable order. */
async function wholeTable(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of res.Items ?? []) out[`${String(item.PK)}|${String(item.SK)}`] = item;
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

const names = migrations.map((m) => m.name);
let accountId: string;
let creatorId: string;
let oldSession: SessionItem;
let oldClient: ClientItem;
let oldOrg: OrganizationItem;

beforeAll(async () => {
  const owner = await signUpOwner();
  accountId = owner.user.accountId;
  creatorId = owner.user.id;
  // Written as earlier versions wrote them: the records helpers put the bare items, with no provider
  // index on the session, no caseload (clinicianIds) on the client, no name guard for the organization
  // and no goal counter of the client.
  oldOrg = await putOrganization(accountId, 'Alder Elementary');
  oldClient = await putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: oldOrg.id, createdBy: creatorId } as Partial<ClientItem>);
  await putGoal(accountId, oldClient);
  oldSession = await putSession(accountId, { scheduledAt: '2031-03-04T10:00:00.000Z', participants: { [oldClient.id]: 'scheduled' }, status: 'scheduled', createdBy: creatorId });
});

describe('the deploy migration step on a table at the previous version', () => {
  it('starts without any migration marker and with the old items', async () => {
    for (const name of names) expect(await getRaw(operatorKeys.migration(name))).toBeUndefined();
    expect((await getRaw(keys.session(accountId, oldSession.id)))!.GSI1PK).toBeUndefined();
    expect((await getRaw(keys.client(accountId, oldClient.id)))!.clinicianIds).toBeUndefined();
    expect(await getRaw(keys.organizationName(accountId, oldOrg.name))).toBeUndefined();
    expect(await getRaw(keys.counters(accountId, clientScope(oldClient.id)))).toBeUndefined();
  });

  it('runs every migration in order on the first deploy, changes the old items and records each', async () => {
    process.env.CASELOAD_RELEASE = '9.9.9-test';
    const report = await handler();
    expect(report.skipped).toEqual([]);
    expect(report.ran.map((r) => r.name)).toEqual(names);
    const updated = Object.fromEntries(report.ran.map((r) => [r.name, r.updated]));
    expect(updated['session-provider-v1']).toBeGreaterThanOrEqual(1);
    expect(updated['client-caseload-keys-v1']).toBeGreaterThanOrEqual(1);
    expect(updated['organization-name-guards-v1']).toBeGreaterThanOrEqual(1);
    expect(updated['client-goal-counters-v1']).toBeGreaterThanOrEqual(1);

    const session = (await getRaw(keys.session(accountId, oldSession.id)))!;
    expect(session.providerId).toBe(creatorId);
    expect(session.GSI1PK).toBeDefined();
    const client = (await getRaw(keys.client(accountId, oldClient.id)))!;
    expect(client.clinicianIds).toEqual([creatorId]);
    expect(await getRaw(keys.organizationName(accountId, oldOrg.name))).toBeDefined();
    expect((await getRaw(keys.counters(accountId, clientScope(oldClient.id))))!.activeGoals).toBe(1);

    for (const name of names) {
      const marker = (await getRaw(operatorKeys.migration(name)))!;
      expect(marker, name).toBeDefined();
      expect(marker.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(marker.ranBy).toBe('deploy 9.9.9-test');
      expect(marker.updated).toBe(updated[name]);
    }
  });

  it('does nothing on the next deploy: every migration is skipped and no item of the table changes', async () => {
    const before = await wholeTable();
    const report = await handler();
    expect(report).toEqual({ ran: [], skipped: names });
    expect(await wholeTable()).toEqual(before);
  });

  it('is the same list npm start runs: a later start skips them all as well', async () => {
    const before = await wholeTable();
    const lines: string[] = [];
    expect(await runPendingMigrations((l) => lines.push(l), { ranBy: 'npm start' })).toEqual({ ran: [], skipped: names });
    expect(lines).toEqual([]);
    expect(await wholeTable()).toEqual(before);
  });
});
