import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCounterUpdates } from '../../packages/core/src/counters.ts';
import { transact } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import { backfillOrganizationNames } from '../../packages/core/src/caseload/migrate-organization-names.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putOrganization } from '../support/records.ts';

let owner: Agent;
let accountId: string;

interface Org {
  id: string;
  name: string;
  type: string;
  address?: string;
  phone?: string;
  contactPerson?: string;
  stats: { activeClients: number; sessionsThisMonth: number; activeGoals: number };
}

const list = async () => (await owner.get('/api/organizations')).body as Org[];
const addOrg = async (body: Record<string, unknown>) => {
  const res = await owner.post('/api/organizations', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Org;
};
const addClient = async (organizationId: string, status = 'active') =>
  (await owner.post('/api/clients', { firstName: 'Ada', lastInitial: 'L', organizationId, status })).body as { id: string };

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
});

describe('organizations', () => {
  it('creates with the type defaulting to school, answers 201 with zero stats, and lists by name', async () => {
    const org = await addOrg({ name: 'Willow High', address: '1 Main St', phone: '555-0100', contactPerson: 'Pat' });
    expect(org).toMatchObject({ name: 'Willow High', type: 'school', address: '1 Main St', phone: '555-0100', contactPerson: 'Pat' });
    expect(org.stats).toEqual({ activeClients: 0, sessionsThisMonth: 0, activeGoals: 0 });
    expect(JSON.stringify(org)).not.toMatch(/accountId|clientCount|PK/);
    await addOrg({ name: 'Aspen Clinic', type: 'clinic' });
    const names = (await list()).map((o) => o.name);
    expect(names.indexOf('Aspen Clinic')).toBeLessThan(names.indexOf('Willow High'));
  });

  it("refuses bad input with the contract's messages", async () => {
    const res = await owner.post('/api/organizations', { name: ' ', type: 'castle', phone: '1'.repeat(21) });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries((res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    expect(byPath.name).toBe('Organization name is required');
    expect(byPath.phone).toBe('Phone must be at most 20 characters');
    expect(byPath.type).toBeDefined();
  });

  it('computes Active Clients, This Month and Active Goals from real data', async () => {
    const org = await addOrg({ name: 'Stats Elementary' });
    await addClient(org.id);
    await addClient(org.id);
    await addClient(org.id, 'discharged');
    const now = new Date();
    const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 10)).toISOString();
    const firstOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 9)).toISOString();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 9)).toISOString();
    // Session counters as the sessions service writes them: two this month, one canceled, one last month.
    await transact([
      ...sessionCounterUpdates(accountId, [org.id], startOfToday, { scheduled: 1 }),
      ...sessionCounterUpdates(accountId, [org.id], lastMonth, { scheduled: 1 }),
    ]);
    await transact(sessionCounterUpdates(accountId, [org.id], firstOfMonth, { scheduled: 2, canceled: 1 }));
    const stats = (await list()).find((o) => o.id === org.id)!.stats;
    expect(stats.activeClients).toBe(2);
    expect(stats.sessionsThisMonth).toBe(2);
    expect(stats.activeGoals).toBe(0);
  });

  it('replaces every field on PUT: absent optional fields are cleared, stats are kept', async () => {
    const org = await addOrg({ name: 'Old Name', address: 'Somewhere', phone: '1', contactPerson: 'X' });
    await addClient(org.id);
    const res = await owner.put(`/api/organizations/${org.id}`, { name: 'New Name', type: 'hospital' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: org.id, name: 'New Name', type: 'hospital', stats: { activeClients: 1 } });
    expect(res.body.address).toBeUndefined();
    expect(res.body.phone).toBeUndefined();
    expect((await list()).find((o) => o.id === org.id)).toMatchObject({ name: 'New Name', type: 'hospital' });
  });

  it("refuses to archive an organization that still has clients, then archives it once they are gone", async () => {
    const org = await addOrg({ name: 'Closing School' });
    const active = await addClient(org.id);
    const inactive = await addClient(org.id, 'inactive');
    const refused = await owner.post(`/api/organizations/${org.id}/archive`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Move or archive this organization's clients first");

    await owner.post(`/api/clients/${active.id}/archive`);
    expect((await owner.post(`/api/organizations/${org.id}/archive`)).status).toBe(409);
    await owner.post(`/api/clients/${inactive.id}/archive`);
    const archived = await owner.post(`/api/organizations/${org.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ ok: true });

    expect((await list()).map((o) => o.id)).not.toContain(org.id);
    expect((await owner.put(`/api/organizations/${org.id}`, { name: 'Back' })).status).toBe(404);
    expect((await owner.post(`/api/organizations/${org.id}/archive`)).status).toBe(404);
    const client = await owner.post('/api/clients', { firstName: 'Late', lastInitial: 'C', organizationId: org.id });
    expect(client.status).toBe(400);
    expect(client.body.errors).toEqual([{ path: 'organizationId', message: 'Choose one of your organizations' }]);
  });

  it('counts a client moved in or out for the archive rule', async () => {
    const from = await addOrg({ name: 'From School' });
    const to = await addOrg({ name: 'To School' });
    const c = await addClient(from.id);
    await owner.put(`/api/clients/${c.id}`, { firstName: 'Ada', lastInitial: 'L', organizationId: to.id });
    expect((await owner.post(`/api/organizations/${from.id}/archive`)).status).toBe(200);
    expect((await owner.post(`/api/organizations/${to.id}/archive`)).status).toBe(409);
  });

  it('answers 404 for organizations that do not exist', async () => {
    expect((await owner.put(`/api/organizations/${newId()}`, { name: 'X' })).status).toBe(404);
    expect((await owner.post(`/api/organizations/${newId()}/archive`)).status).toBe(404);
  });

  it('audits organization changes', async () => {
    const org = await addOrg({ name: 'Audited' });
    await owner.put(`/api/organizations/${org.id}`, { name: 'Audited 2' });
    await owner.post(`/api/organizations/${org.id}/archive`);
    const actions = ((await owner.get('/api/activities')).body as { action: string }[]).slice(0, 3).map((a) => a.action);
    expect(actions).toEqual(['organization.archived', 'organization.updated', 'organization.created']);
  });
});

describe('organization names are unique in an account', () => {
  const NAME_TAKEN = 'An organization with this name already exists';
  const expectNameTaken = (res: { status: number; body: { message: string; errors?: unknown } }) => {
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(NAME_TAKEN);
    expect(res.body.errors).toEqual([{ path: 'name', message: NAME_TAKEN }]);
  };

  it('refuses a second organization of the same name, whatever its case and surrounding spaces', async () => {
    await addOrg({ name: 'Cedar Middle' });
    expectNameTaken(await owner.post('/api/organizations', { name: '  cedar   MIDDLE ' }));
    expect((await list()).filter((o) => o.name.toLowerCase().includes('cedar'))).toHaveLength(1);
    // Another account's organizations are no competition.
    expect((await (await signUpOwner()).agent.post('/api/organizations', { name: 'Cedar Middle' })).status).toBe(201);
  });

  it('lets exactly one of several parallel creates of one name win', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.post('/api/organizations', { name: i % 2 ? 'Race Academy' : 'race academy' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.message).toBe(NAME_TAKEN);
    expect((await list()).filter((o) => o.name.toLowerCase() === 'race academy')).toHaveLength(1);
  });

  it('moves the name with a rename: the old name is free, the new one taken, and an edit keeping its name passes', async () => {
    const first = await addOrg({ name: 'Birch Early' });
    const other = await addOrg({ name: 'Oak Early' });
    expectNameTaken(await owner.put(`/api/organizations/${other.id}`, { name: 'BIRCH EARLY' }));
    expect((await owner.put(`/api/organizations/${first.id}`, { name: 'Birch Late' })).status).toBe(200);
    expect((await owner.put(`/api/organizations/${first.id}`, { name: 'birch late', phone: '555-0101' })).status).toBe(200);
    expectNameTaken(await owner.post('/api/organizations', { name: 'Birch Late' }));
    expect((await owner.post('/api/organizations', { name: 'Birch Early' })).status).toBe(201);
  });

  it('frees the name of an archived organization', async () => {
    const gone = await addOrg({ name: 'Elm Annex' });
    expect((await owner.post(`/api/organizations/${gone.id}/archive`)).status).toBe(200);
    expect((await owner.post('/api/organizations', { name: 'Elm Annex' })).status).toBe(201);
  });

  it('guards the names of organizations from before the rule (backfill), keeping an earlier duplicate until it is renamed', async () => {
    const signedUp = await signUpOwner();
    // The older of two organizations sharing a name keeps it.
    const legacy = await putOrganization(signedUp.user.accountId, 'Maple School', '2024-01-10T00:00:00.000Z');
    const duplicate = await putOrganization(signedUp.user.accountId, 'maple school', '2024-02-10T00:00:00.000Z');
    const before = await signedUp.agent.post('/api/organizations', { name: 'MAPLE SCHOOL' });
    // Before the backfill nothing guards the earlier names.
    expect(before.status).toBe(201);
    expect((await signedUp.agent.post(`/api/organizations/${before.body.id}/archive`)).status).toBe(200);

    expect(await backfillOrganizationNames(signedUp.user.accountId)).toEqual({ claimed: 1, duplicates: 1 });
    expectNameTaken(await signedUp.agent.post('/api/organizations', { name: 'Maple School' }));
    // Idempotent: the holder re-claims its own guard, the duplicate is still unguarded.
    expect(await backfillOrganizationNames(signedUp.user.accountId)).toEqual({ claimed: 1, duplicates: 1 });
    // The duplicate must take a free name at its next edit; archiving it does not release the other's guard.
    expectNameTaken(await signedUp.agent.put(`/api/organizations/${duplicate.id}`, { name: 'maple school', phone: '555' }));
    expect((await signedUp.agent.put(`/api/organizations/${duplicate.id}`, { name: 'Maple Annex' })).status).toBe(200);
    expect((await signedUp.agent.post(`/api/organizations/${duplicate.id}/archive`)).status).toBe(200);
    expectNameTaken(await signedUp.agent.post('/api/organizations', { name: 'maple school' }));
    expect((await signedUp.agent.post(`/api/organizations/${legacy.id}/archive`)).status).toBe(200);
    expect((await signedUp.agent.post('/api/organizations', { name: 'maple school' })).status).toBe(201);
  });
});
