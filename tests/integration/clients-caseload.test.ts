import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLINICIAN_MESSAGE } from '../../packages/contract/src/caseload.ts';
import { backfillClientKeys } from '../../packages/core/src/caseload/migrate-client-keys.ts';
import { db } from '../../packages/core/src/db.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';

interface ClientAnswer {
  id: string;
  firstName: string;
  lastInitial: string;
  organizationId?: string;
  status: string;
  gradeLevel?: string;
  clinicianIds: string[];
}

let owner: Agent;
let ownerId: string;
let accountId: string;
let orgA: string;
let orgB: string;
let orgC: string;
/** A clinician with every organization. */
let slp: Awaited<ReturnType<typeof createChild>>;

const FULL = { canCreateClients: true, canEditClients: true, canViewProgressNotes: true };

async function create(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/clients', { lastInitial: 'Q', status: 'active', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ClientAnswer;
}

const qs = (q: Record<string, string | number | undefined>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** Every page of a list, following nextCursor; fails on a page that is not a page. */
async function walk(agent: Agent, q: Record<string, string | number | undefined>, limit = 50) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await agent.get(`/api/clients?${qs({ ...q, limit, cursor })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...(res.body.items as ClientAnswer[]).map((c) => c.id));
    cursor = res.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { ids, pages };
}

const whole = async (agent: Agent, q: Record<string, string | undefined>) => {
  const res = await agent.get(`/api/clients?${qs(q)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ClientAnswer[];
};

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  ownerId = signedUp.user.id;
  accountId = signedUp.user.accountId;
  orgA = (await owner.post('/api/organizations', { name: 'Alder Elementary', type: 'school' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch Middle', type: 'school' })).body.id;
  orgC = (await owner.post('/api/organizations', { name: 'Cedar High', type: 'school' })).body.id;
  slp = await createChild(owner, FULL);
});

describe('assignments', () => {
  it('defaults to the creating user, keeps them on an update that leaves clinicianIds out, and moves the client between caseloads', async () => {
    const created = await create(slp.agent, { firstName: 'Defaulted', organizationId: orgA });
    expect(created.clinicianIds).toEqual([slp.id]);
    const mine = async (agent: Agent) => (await whole(agent, { assignedTo: 'me' })).map((c) => c.id);
    expect(await mine(slp.agent)).toContain(created.id);

    const kept = await owner.put(`/api/clients/${created.id}`, { firstName: 'Defaulted', lastInitial: 'Q', organizationId: orgA, status: 'active' });
    expect(kept.body.clinicianIds).toEqual([slp.id]);

    const moved = await owner.put(`/api/clients/${created.id}`, { firstName: 'Renamed', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [ownerId] });
    expect(moved.status).toBe(200);
    expect(moved.body.clinicianIds).toEqual([ownerId]);
    expect(await mine(slp.agent)).not.toContain(created.id);
    const ownersPage = await owner.get(`/api/clients?${qs({ assignedTo: 'me', limit: 200, search: 'renamed' })}`);
    expect(ownersPage.body.items.map((c: ClientAnswer) => [c.id, c.firstName])).toEqual([[created.id, 'Renamed']]);
    // The other user's caseload, as anyone may look at it.
    expect((await whole(owner, { assignedTo: slp.id })).map((c) => c.id)).not.toContain(created.id);
  });

  it('allows no clinician at all, and archived clients leave every caseload', async () => {
    const none = await create(owner, { firstName: 'Unassigned', organizationId: orgA, clinicianIds: [] });
    expect(none.clinicianIds).toEqual([]);
    const shared = await create(owner, { firstName: 'Shared', organizationId: orgA, clinicianIds: [ownerId, slp.id] });
    expect((await whole(slp.agent, { assignedTo: 'me' })).map((c) => c.id)).toContain(shared.id);
    expect((await owner.post(`/api/clients/${shared.id}/archive`)).status).toBe(200);
    expect((await whole(slp.agent, { assignedTo: 'me' })).map((c) => c.id)).not.toContain(shared.id);
    expect((await whole(owner, { assignedTo: 'me' })).map((c) => c.id)).not.toContain(shared.id);
    expect((await walk(owner, { search: 'shared' })).ids).toEqual([]);
  });

  it('refuses inactive users, users of another account and users who cannot see the organization, with the spec message', async () => {
    const inactive = await createChild(owner, FULL);
    expect((await owner.patch(`/api/users/${inactive.id}`, { isActive: false })).status).toBe(200);
    const foreign = await signUpOwner();
    const onlyB = await createChild(owner, { ...FULL, allowedOrganizationIds: [orgB] });
    for (const clinicianId of [inactive.id, foreign.user.id as string, onlyB.id, crypto.randomUUID()]) {
      const res = await owner.post('/api/clients', { firstName: 'Refused', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [ownerId, clinicianId] });
      expect(res.status, clinicianId).toBe(400);
      expect(res.body).toEqual({ message: CLINICIAN_MESSAGE, errors: [{ path: 'clinicianIds', message: CLINICIAN_MESSAGE }] });
    }
    // Nothing was written for the refused clients.
    expect((await whole(owner, { search: 'refused' })).length).toBe(0);
    // Users limited to organizations cannot serve a client without one.
    const orgless = await owner.post('/api/clients', { firstName: 'Orgless', lastInitial: 'Q', status: 'active', clinicianIds: [onlyB.id] });
    expect(orgless.status).toBe(400);
    // Moving a client re-checks every clinician against the new organization.
    const inB = await create(owner, { firstName: 'Mover', organizationId: orgB, clinicianIds: [onlyB.id] });
    const move = await owner.put(`/api/clients/${inB.id}`, { firstName: 'Mover', lastInitial: 'Q', organizationId: orgA, status: 'active' });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(CLINICIAN_MESSAGE);
  });

  it('refuses more than 10 clinicians and the same clinician twice', async () => {
    const many = Array.from({ length: 11 }, () => crypto.randomUUID());
    const tooMany = await owner.post('/api/clients', { firstName: 'Many', lastInitial: 'Q', status: 'active', clinicianIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A client can have at most 10 clinicians');
    const twice = await owner.post('/api/clients', { firstName: 'Twice', lastInitial: 'Q', status: 'active', clinicianIds: [ownerId, ownerId] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('A clinician can be chosen only once');
  });

  it('keeps a clinician deactivated since on the client through edits that do not add them', async () => {
    const leaving = await createChild(owner, FULL);
    const client = await create(owner, { firstName: 'Stays', organizationId: orgA, clinicianIds: [leaving.id] });
    expect((await owner.patch(`/api/users/${leaving.id}`, { isActive: false })).status).toBe(200);
    const edit = await owner.put(`/api/clients/${client.id}`, { firstName: 'Stays', lastInitial: 'Q', organizationId: orgA, status: 'inactive' });
    expect(edit.status).toBe(200);
    expect(edit.body.clinicianIds).toEqual([leaving.id]);
  });

  it('checks the clinician inside the write: a user deactivated between the request and its commit is refused', async () => {
    const victim = await createChild(owner, FULL);
    const client = await create(owner, { firstName: 'Raced', organizationId: orgA, clinicianIds: [ownerId] });
    let armed = true;
    // Runs right before the client's transaction is sent: whatever the service read before is stale.
    const deactivateFirst = (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
      const input = (args as { input?: { TransactItems?: unknown[] } }).input;
      if (armed && input?.TransactItems) {
        armed = false;
        await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.user(accountId, victim.id), UpdateExpression: 'SET isActive = :f', ExpressionAttributeValues: { ':f': false } }));
      }
      return next(args);
    };
    db().middlewareStack.add(deactivateFirst as never, { step: 'initialize', name: 'deactivate-before-commit' });
    try {
      const res = await owner.put(`/api/clients/${client.id}`, { firstName: 'Raced', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [ownerId, victim.id] });
      expect(armed).toBe(false);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CLINICIAN_MESSAGE);
    } finally {
      db().middlewareStack.remove('deactivate-before-commit');
    }
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(accountId, client.id), ConsistentRead: true }));
    expect(stored.Item?.clinicianIds).toEqual([ownerId]);
  });

  it('never leaves an assignment and its caseload copy apart when deactivation and assignment race', async () => {
    const client = await create(owner, { firstName: 'Racer', organizationId: orgA, clinicianIds: [] });
    for (let i = 0; i < 12; i += 1) {
      const user = await createChild(owner, FULL);
      const before = (await owner.get(`/api/clients?${qs({ search: 'racer' })}`)).body[0] as ClientAnswer;
      const [deactivated, assigned] = await Promise.all([
        owner.patch(`/api/users/${user.id}`, { isActive: false }),
        owner.put(`/api/clients/${client.id}`, { firstName: 'Racer', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [...before.clinicianIds, user.id] }),
      ]);
      expect(deactivated.status).toBe(200);
      expect([200, 400, 409], JSON.stringify(assigned.body)).toContain(assigned.status);
      const stored = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(accountId, client.id), ConsistentRead: true }))).Item!;
      const copies = await db().send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.caseload(accountId, user.id) }, ConsistentRead: true }),
      );
      const assignedNow = (stored.clinicianIds as string[]).includes(user.id);
      expect(assignedNow).toBe(assigned.status === 200);
      expect(copies.Items?.length ?? 0).toBe(assignedNow ? 1 : 0);
      // After the race, assigning the now-inactive user again is always refused.
      const again = await owner.put(`/api/clients/${client.id}`, { firstName: 'Racer', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [user.id] });
      expect(again.status, JSON.stringify(again.body)).toBe(assignedNow ? 200 : 400);
    }
  });

  it('audits who changed the assignment, with ids and never names', async () => {
    const client = await create(owner, { firstName: 'Auditedname', organizationId: orgA, clinicianIds: [ownerId] });
    expect((await owner.put(`/api/clients/${client.id}`, { firstName: 'Auditedname', lastInitial: 'Q', organizationId: orgA, status: 'active', clinicianIds: [slp.id] })).status).toBe(200);
    const feed = (await owner.get('/api/activities?scope=mine')).body;
    expect(feed[0]).toMatchObject({ action: 'client.clinicians_changed', summary: "Changed a client's clinicians", actorName: 'Olivia Owner' });
    const events = await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(accountId) }, ScanIndexForward: false, Limit: 5 }),
    );
    const changed = events.Items!.find((e) => e.action === 'client.clinicians_changed' && e.entityId === client.id)!;
    expect(changed).toMatchObject({ actorId: ownerId, addedIds: [slp.id], removedIds: [ownerId] });
    const created = events.Items!.find((e) => e.action === 'client.created' && e.entityId === client.id)!;
    expect(created.addedIds).toEqual([ownerId]);
    expect(JSON.stringify([changed, created])).not.toMatch(/Auditedname|Casey/);
  });
});

describe('clinicians', () => {
  it('lists active users who may see the organization, by name, to any signed-in user', async () => {
    const onlyC = await createChild(owner, { allowedOrganizationIds: [orgC] });
    const gone = await createChild(owner, {});
    await owner.patch(`/api/users/${gone.id}`, { isActive: false });
    const forC = (await onlyC.agent.get(`/api/clinicians?organizationId=${orgC}`)).body as { id: string }[];
    expect(forC.map((u) => u.id)).toEqual(expect.arrayContaining([ownerId, slp.id, onlyC.id]));
    expect(forC.map((u) => u.id)).not.toContain(gone.id);
    const forA = (await owner.get(`/api/clinicians?organizationId=${orgA}`)).body as { id: string }[];
    expect(forA.map((u) => u.id)).not.toContain(onlyC.id);
    // Without an organization (the calendar's filter): whoever serves an organization the caller sees.
    const everyone = (await owner.get('/api/clinicians')).body as { id: string }[];
    expect(everyone.map((u) => u.id)).toEqual(expect.arrayContaining([ownerId, slp.id, onlyC.id]));
    const onlyA = await createChild(owner, { allowedOrganizationIds: [orgA] });
    const colleaguesOfC = ((await onlyC.agent.get('/api/clinicians')).body as { id: string }[]).map((u) => u.id);
    expect(colleaguesOfC).toEqual(expect.arrayContaining([ownerId, onlyC.id]));
    expect(colleaguesOfC).not.toContain(onlyA.id);
    // A limited user learns nothing about organizations outside its own.
    expect((await onlyC.agent.get(`/api/clinicians?organizationId=${orgA}`)).body).toEqual([]);
  });
});

describe('search', () => {
  it('finds first-name prefixes and "First L", case and accents aside, in every path', async () => {
    const maya = await create(owner, { firstName: 'Maya', lastInitial: 'R', organizationId: orgB, clinicianIds: [ownerId] });
    const mayaS = await create(owner, { firstName: 'Maya', lastInitial: 'S', organizationId: orgB, clinicianIds: [ownerId] });
    const mateo = await create(owner, { firstName: 'Mateo', organizationId: orgB, clinicianIds: [ownerId] });
    const jose = await create(owner, { firstName: 'José', organizationId: orgB, clinicianIds: [ownerId] });
    for (const q of [{}, { assignedTo: 'me' }, { organizationId: orgB }]) {
      const ma = (await walk(owner, { ...q, search: 'ma' })).ids;
      expect(ma, JSON.stringify(q)).toEqual(expect.arrayContaining([maya.id, mayaS.id, mateo.id]));
      expect((await walk(owner, { ...q, search: 'maya r' })).ids).toEqual([maya.id]);
      expect((await walk(owner, { ...q, search: 'MAYA  r' })).ids).toEqual([maya.id]);
      expect((await walk(owner, { ...q, search: 'jose' })).ids).toEqual([jose.id]);
      expect((await walk(owner, { ...q, search: 'Jos\u00e9 q' })).ids).toEqual([jose.id]);
      expect((await whole(owner, { ...q, search: 'maya r' })).map((c) => c.id)).toEqual([maya.id]);
      expect((await whole(owner, { ...q, search: 'jose' })).map((c) => c.id)).toEqual([jose.id]);
    }
  });
});

describe('paging 130 clients', () => {
  let other: Agent;
  let otherOrgA: string;
  let otherOrgB: string;
  let clinician: Awaited<ReturnType<typeof createChild>>;
  let limitedA: Awaited<ReturnType<typeof createChild>>;
  let limitedAB: Awaited<ReturnType<typeof createChild>>;
  const all: ClientAnswer[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';

  beforeAll(async () => {
    const signedUp = await signUpOwner();
    other = signedUp.agent;
    otherOrgA = (await other.post('/api/organizations', { name: 'North', type: 'school' })).body.id;
    otherOrgB = (await other.post('/api/organizations', { name: 'South', type: 'school' })).body.id;
    const otherOrgC = (await other.post('/api/organizations', { name: 'East', type: 'school' })).body.id;
    clinician = await createChild(other, FULL);
    limitedA = await createChild(other, { allowedOrganizationIds: [otherOrgA] });
    limitedAB = await createChild(other, { allowedOrganizationIds: [otherOrgA, otherOrgB] });
    const orgs = [otherOrgA, otherOrgB, otherOrgC];
    for (let i = 0; i < 130; i += 1) {
      const firstName = `Sam${letters[Math.floor(i / 26)]}${letters[i % 26]}`;
      all.push(
        await create(other, {
          firstName,
          lastInitial: letters[(i * 7) % 26]!.toUpperCase(),
          organizationId: orgs[i % 3],
          status: i % 4 === 0 ? 'inactive' : 'active',
          gradeLevel: String((i % 5) + 1),
          clinicianIds: i % 10 === 9 ? [] : [clinician.id],
        }),
      );
    }
    // A client without an organization: only users with every organization see it.
    all.push(await create(other, { firstName: 'Samorg', clinicianIds: [clinician.id] }));
  }, 120_000);

  it('walks mine, all and search in pages of 50 with no gaps or duplicates, in the order of the whole list', async () => {
    for (const q of [{ assignedTo: 'me' }, { assignedTo: 'all' }, { search: 'sam' }, { assignedTo: 'me', search: 'Sa' }]) {
      const agent = q.assignedTo === 'me' ? clinician.agent : other;
      const { ids, pages } = await walk(agent, q);
      const expected = (await whole(agent, q)).map((c) => c.id);
      expect(ids, JSON.stringify(q)).toEqual(expected);
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages).toBe(Math.ceil(expected.length / 50));
      expect(expected.length).toBe(q.assignedTo === 'me' ? all.filter((c) => c.clinicianIds.includes(clinician.id)).length : all.length);
    }
    expect((await walk(other, {})).ids.length).toBe(131);
  });

  it('respects organization limits and filters in every combination, paged (small pages) and whole', async () => {
    const viewers = [
      { agent: () => other, scope: undefined as string[] | undefined },
      { agent: () => limitedA.agent, scope: [otherOrgA] },
      { agent: () => limitedAB.agent, scope: [otherOrgA, otherOrgB] },
    ];
    for (const viewer of viewers) {
      for (const assignedTo of ['all', clinician.id]) {
        for (const organizationId of [undefined, otherOrgA, otherOrgB]) {
          for (const status of [undefined, 'inactive']) {
            for (const gradeLevel of [undefined, '2']) {
              for (const search of [undefined, 'samb']) {
                const q = { assignedTo, organizationId, status, gradeLevel, search };
                const expected = all
                  .filter(
                    (c) =>
                      (!viewer.scope || (c.organizationId !== undefined && viewer.scope.includes(c.organizationId))) &&
                      (assignedTo === 'all' || c.clinicianIds.includes(assignedTo)) &&
                      (!organizationId || c.organizationId === organizationId) &&
                      (!status || c.status === status) &&
                      (!gradeLevel || c.gradeLevel === gradeLevel) &&
                      (!search || c.firstName.toLowerCase().startsWith(search)),
                  )
                  .map((c) => c.id)
                  .sort();
                const paged = (await walk(viewer.agent(), q, 17)).ids;
                expect(new Set(paged).size).toBe(paged.length);
                expect([...paged].sort(), JSON.stringify({ scope: viewer.scope, ...q })).toEqual(expected);
                expect((await whole(viewer.agent(), q as Record<string, string | undefined>)).map((c) => c.id).sort()).toEqual(expected);
              }
            }
          }
        }
      }
    }
  }, 120_000);

  it('refuses an edited cursor, another tenant’s or user’s, or one sent with other filters, with 400', async () => {
    const first = await other.get('/api/clients?limit=5&status=active');
    const cursor = first.body.nextCursor as string;
    expect(cursor).toBeTruthy();
    expect(cursor).not.toMatch(/sam/i);
    expect((await other.get(`/api/clients?limit=5&status=active&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    const flipped = cursor.slice(0, 20) + (cursor[20] === 'A' ? 'B' : 'A') + cursor.slice(21);
    const tries = [
      [other, `limit=5&status=active&cursor=${encodeURIComponent(flipped)}`],
      [other, `limit=5&status=active&cursor=${encodeURIComponent(cursor.slice(0, -2))}`],
      [other, `limit=5&status=active&cursor=not-a-cursor`],
      [other, `limit=5&status=inactive&cursor=${encodeURIComponent(cursor)}`],
      [other, `limit=5&cursor=${encodeURIComponent(cursor)}`],
      [other, `status=active&cursor=${encodeURIComponent(cursor)}`],
      [limitedAB.agent, `limit=5&status=active&cursor=${encodeURIComponent(cursor)}`],
      [owner, `limit=5&status=active&cursor=${encodeURIComponent(cursor)}`],
    ] as const;
    for (const [agent, query] of tries) {
      const res = await agent.get(`/api/clients?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe('Invalid cursor');
    }
  });

  it('answers the notes of my caseload only', async () => {
    const mineNotes = await clinician.agent.get('/api/progress-notes?assignedTo=me');
    expect(mineNotes.status).toBe(200);
    const allNotes = await clinician.agent.get('/api/progress-notes');
    expect(allNotes.status).toBe(200);
    expect(mineNotes.body.length).toBeLessThanOrEqual(allNotes.body.length);
  });
});

describe('clients written before caseloads', () => {
  it('read as their creator’s, and the backfill gives them name keys and a caseload entry, once', async () => {
    const { agent, user } = await signUpOwner();
    const org = (await agent.post('/api/organizations', { name: 'Old School', type: 'school' })).body.id as string;
    const at = new Date().toISOString();
    const legacy = (id: string, firstName: string, archivedAt?: string) => ({
      ...keys.client(user.accountId as string, id),
      type: entity.client,
      id,
      accountId: user.accountId,
      firstName,
      lastInitial: 'L',
      organizationId: org,
      status: 'active',
      createdAt: at,
      updatedAt: at,
      createdBy: user.id,
      ...(archivedAt ? { archivedAt } : {}),
    });
    const oldId = crypto.randomUUID();
    const archivedId = crypto.randomUUID();
    await db().send(new PutCommand({ TableName: tableName(), Item: legacy(oldId, 'Oldtimer') }));
    await db().send(new PutCommand({ TableName: tableName(), Item: legacy(archivedId, 'Gone', at) }));
    // Before the backfill: the whole list reads it as the creator's; the keyed paths do not have it yet.
    expect((await whole(agent, {})).map((c) => [c.id, c.clinicianIds])).toEqual([[oldId, [user.id]]]);
    expect((await walk(agent, { assignedTo: 'me' })).ids).toEqual([]);

    expect(await backfillClientKeys(user.accountId as string)).toBe(1);
    expect(await backfillClientKeys(user.accountId as string)).toBe(0);
    expect((await walk(agent, { assignedTo: 'me' })).ids).toEqual([oldId]);
    expect((await walk(agent, { search: 'oldt' })).ids).toEqual([oldId]);
    expect((await walk(agent, { organizationId: org })).ids).toEqual([oldId]);
    expect((await agent.get(`/api/clients?limit=5&assignedTo=me`)).body.items[0].clinicianIds).toEqual([user.id]);
  });
});
