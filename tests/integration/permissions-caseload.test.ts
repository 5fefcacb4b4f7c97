/**
 * Server enforcement on the caseload routes: each flag guards its routes (403 and nothing changes
 * without it), organization limits apply to every client read and write, and two accounts see
 * nothing of each other.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionsInput } from '../../packages/contract/src/caseload.ts';
import type { Agent } from '../support/api.ts';
import { createChild, PASSWORD, signUpOwner } from '../support/accounts.ts';

interface Client {
  id: string;
  firstName: string;
  organizationId?: string;
  status: string;
}

let owner: Agent;
let orgA: string;
let orgB: string;
let clientA: Client;
let clientB: Client;
/** A child whose permissions each test sets through the owner's PUT. */
let probe: Awaited<ReturnType<typeof createChild>>;
let otherOwner: Agent;

const clientBody = (organizationId: string | undefined, firstName = 'Perm') => ({ firstName, lastInitial: 'T', organizationId, status: 'active' });

async function setProbe(permissions: PermissionsInput) {
  const res = await owner.put(`/api/users/${probe.id}/permissions`, permissions);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const ownerClients = async () => (await owner.get('/api/clients')).body as Client[];
const ownerOrgs = async () => (await owner.get('/api/organizations')).body as { id: string; name: string }[];
const ownerUsers = async () => (await owner.get('/api/users')).body as { id: string; isActive: boolean; permissions: Record<string, unknown> }[];

function expectForbidden(res: { status: number; body: { message: string } }) {
  expect(res.status).toBe(403);
  expect(res.body.message).toBe('You do not have permission to do this');
}

beforeAll(async () => {
  const [a, b] = await Promise.all([signUpOwner(), signUpOwner({ accountName: 'Other District', firstName: 'Oscar', lastName: 'Other' })]);
  owner = a.agent;
  otherOwner = b.agent;
  orgA = (await owner.post('/api/organizations', { name: 'Alder' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch' })).body.id;
  clientA = (await owner.post('/api/clients', clientBody(orgA, 'Anna'))).body;
  clientB = (await owner.post('/api/clients', clientBody(orgB, 'Bela'))).body;
  probe = await createChild(owner, {});
});

describe('per flag: without it 403 and nothing changes, with it the route works', () => {
  it('canCreateClients guards POST /api/clients', async () => {
    await setProbe({});
    const before = (await ownerClients()).length;
    expectForbidden(await probe.agent.post('/api/clients', clientBody(orgA)));
    expect((await ownerClients()).length).toBe(before);
    await setProbe({ canCreateClients: true });
    expect((await probe.agent.post('/api/clients', clientBody(orgA))).status).toBe(201);
    expect((await ownerClients()).length).toBe(before + 1);
  });

  it('canEditClients guards PUT /api/clients/{id}', async () => {
    await setProbe({ canCreateClients: true, canDeleteClients: true });
    expectForbidden(await probe.agent.put(`/api/clients/${clientA.id}`, clientBody(orgA, 'Changed')));
    expect((await ownerClients()).find((c) => c.id === clientA.id)?.firstName).toBe('Anna');
    await setProbe({ canEditClients: true });
    const res = await probe.agent.put(`/api/clients/${clientA.id}`, clientBody(orgA, 'Anna'));
    expect(res.status).toBe(200);
  });

  it('canDeleteClients guards POST /api/clients/{id}/archive', async () => {
    const victim = (await owner.post('/api/clients', clientBody(orgA, 'Victim'))).body as Client;
    await setProbe({ canCreateClients: true, canEditClients: true, canManageUsers: true });
    expectForbidden(await probe.agent.post(`/api/clients/${victim.id}/archive`));
    expect((await ownerClients()).map((c) => c.id)).toContain(victim.id);
    await setProbe({ canDeleteClients: true });
    expect((await probe.agent.post(`/api/clients/${victim.id}/archive`)).status).toBe(200);
    expect((await ownerClients()).map((c) => c.id)).not.toContain(victim.id);
  });

  it('canManageUsers guards the organization writes', async () => {
    await setProbe({ canCreateClients: true, canEditClients: true, canDeleteClients: true });
    const spare = (await owner.post('/api/organizations', { name: 'Spare' })).body.id as string;
    const orgsBefore = await ownerOrgs();
    expectForbidden(await probe.agent.post('/api/organizations', { name: 'Nope' }));
    expectForbidden(await probe.agent.put(`/api/organizations/${spare}`, { name: 'Renamed' }));
    expectForbidden(await probe.agent.post(`/api/organizations/${spare}/archive`));
    expect(await ownerOrgs()).toEqual(orgsBefore);

    await setProbe({ canManageUsers: true });
    expect((await probe.agent.post('/api/organizations', { name: 'Yes' })).status).toBe(201);
    expect((await probe.agent.put(`/api/organizations/${spare}`, { name: 'Renamed' })).status).toBe(200);
    expect((await probe.agent.post(`/api/organizations/${spare}/archive`)).status).toBe(200);
  });

  it('canManageUsers guards the user routes', async () => {
    const target = (await owner.post('/api/users', { user: { firstName: 'T', lastName: 'T', email: `t-${randomUUID()}@district.test`, password: PASSWORD } })).body;
    await setProbe({ canCreateClients: true, canEditClients: true, canDeleteClients: true });
    const usersBefore = await ownerUsers();
    expectForbidden(await probe.agent.get('/api/users'));
    expectForbidden(await probe.agent.post('/api/users', { user: { firstName: 'N', lastName: 'N', email: `n-${randomUUID()}@district.test`, password: PASSWORD } }));
    expectForbidden(await probe.agent.patch(`/api/users/${target.id}`, { isActive: false }));
    expectForbidden(await probe.agent.put(`/api/users/${target.id}/permissions`, { canViewReports: false }));
    expect(await ownerUsers()).toEqual(usersBefore);

    await setProbe({ canManageUsers: true });
    expect((await probe.agent.get('/api/users')).status).toBe(200);
    expect((await probe.agent.post('/api/users', { user: { firstName: 'N', lastName: 'N', email: `n-${randomUUID()}@district.test`, password: PASSWORD } })).status).toBe(201);
    expect((await probe.agent.put(`/api/users/${target.id}/permissions`, { canViewReports: false })).status).toBe(200);
    expect((await probe.agent.patch(`/api/users/${target.id}`, { isActive: false })).status).toBe(200);
  });

  it('the reads need no flag: clients, organizations, dashboard, activities, own permissions', async () => {
    await setProbe({ canViewProgressNotes: false, canViewReports: false });
    for (const path of ['/api/clients', '/api/organizations', '/api/dashboard/stats', '/api/activities', '/api/user-permissions']) {
      expect((await probe.agent.get(path)).status, path).toBe(200);
    }
    expect((await probe.agent.get('/api/user-permissions')).body).toMatchObject({ canViewReports: false, canManageUsers: false });
  });
});

describe('a child limited to one organization', () => {
  const all = { canCreateClients: true, canEditClients: true, canDeleteClients: true, canManageUsers: true };

  it("sees only that organization and its clients", async () => {
    await setProbe({ ...all, allowedOrganizationIds: [orgA] });
    const clients = (await probe.agent.get('/api/clients')).body as Client[];
    expect(clients.length).toBeGreaterThan(0);
    expect(clients.every((c) => c.organizationId === orgA)).toBe(true);
    expect(((await probe.agent.get('/api/organizations')).body as { id: string }[]).map((o) => o.id)).toEqual([orgA]);
  });

  it("cannot change, archive or create clients of another organization, nor move one there", async () => {
    await setProbe({ ...all, allowedOrganizationIds: [orgA] });
    expect((await probe.agent.put(`/api/clients/${clientB.id}`, clientBody(orgB, 'Hacked'))).status).toBe(404);
    expect((await probe.agent.post(`/api/clients/${clientB.id}/archive`)).status).toBe(404);
    expect((await ownerClients()).find((c) => c.id === clientB.id)?.firstName).toBe('Bela');

    for (const organizationId of [orgB, undefined]) {
      const res = await probe.agent.post('/api/clients', clientBody(organizationId));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'organizationId', message: 'Choose one of your organizations' }]);
    }
    const moved = await probe.agent.put(`/api/clients/${clientA.id}`, clientBody(orgB, 'Anna'));
    expect(moved.status).toBe(400);
    expect((await ownerClients()).find((c) => c.id === clientA.id)?.organizationId).toBe(orgA);

    const own = await probe.agent.post('/api/clients', clientBody(orgA, 'Mine'));
    expect(own.status).toBe(201);
    expect((await probe.agent.put(`/api/clients/${own.body.id}`, { ...clientBody(orgA, 'Mine'), status: 'inactive' })).status).toBe(200);
    expect((await probe.agent.post(`/api/clients/${own.body.id}/archive`)).status).toBe(200);
  });

  it('cannot add organizations, nor change or archive one outside its scope', async () => {
    await setProbe({ ...all, allowedOrganizationIds: [orgA] });
    const created = await probe.agent.post('/api/organizations', { name: 'Shadow' });
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('Only users with access to all organizations can add organizations');
    expect((await probe.agent.put(`/api/organizations/${orgB}`, { name: 'Renamed' })).status).toBe(404);
    expect((await probe.agent.post(`/api/organizations/${orgB}/archive`)).status).toBe(404);
    expect((await ownerOrgs()).find((o) => o.id === orgB)?.name).toBe('Birch');
  });
});

describe('two accounts see nothing of each other', () => {
  it('answers 404 (or 400 for a foreign organization) and changes nothing', async () => {
    const before = { clients: await ownerClients(), orgs: await ownerOrgs(), users: await ownerUsers() };
    expect((await otherOwner.put(`/api/clients/${clientA.id}`, clientBody(undefined, 'X'))).status).toBe(404);
    expect((await otherOwner.post(`/api/clients/${clientA.id}/archive`)).status).toBe(404);
    expect((await otherOwner.put(`/api/organizations/${orgA}`, { name: 'X' })).status).toBe(404);
    expect((await otherOwner.post(`/api/organizations/${orgA}/archive`)).status).toBe(404);
    expect((await otherOwner.patch(`/api/users/${probe.id}`, { isActive: false })).status).toBe(404);
    expect((await otherOwner.put(`/api/users/${probe.id}/permissions`, {})).status).toBe(404);
    expect((await otherOwner.post('/api/clients', clientBody(orgA))).status).toBe(400);
    const user = await otherOwner.post('/api/users', {
      user: { firstName: 'X', lastName: 'Y', email: `x-${randomUUID()}@district.test`, password: PASSWORD },
      permissions: { allowedOrganizationIds: [orgA] },
    });
    expect(user.status).toBe(400);
    expect({ clients: await ownerClients(), orgs: await ownerOrgs(), users: await ownerUsers() }).toEqual(before);
  });

  it("lists none of the other account's records", async () => {
    const texts = await Promise.all(['/api/clients', '/api/organizations', '/api/users', '/api/activities'].map(async (p) => JSON.stringify((await otherOwner.get(p)).body)));
    for (const text of texts) {
      for (const id of [orgA, orgB, clientA.id, clientB.id, probe.id]) expect(text).not.toContain(id);
      expect(text).not.toMatch(/Anna|Bela|Alder|Birch|Olivia/);
    }
    expect((await otherOwner.get('/api/dashboard/stats')).body.totalClients).toBe(0);
  });
});
