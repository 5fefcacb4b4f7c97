import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionDefaults, permissionFlags } from '../../packages/contract/src/enums.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { Agent } from '../support/api.ts';
import { createChild, PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';

const NO_ESCALATION = 'You cannot grant permissions you do not have';

let owner: Agent;
let ownerId: string;
/** Another account, for e-mail uniqueness and tenant isolation. */
let other: Awaited<ReturnType<typeof signUpOwner>>;
let orgA: string;
let orgB: string;
/** A child manager limited to organization A, with canManageUsers and canCreateClients only. */
let manager: Awaited<ReturnType<typeof createChild>>;

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Nia',
  lastName: 'New',
  email: `new-${randomUUID()}@district.test`,
  password: PASSWORD,
  role: 'slp',
  ...over,
});

const allFlags = Object.fromEntries(permissionFlags.map((f) => [f, true]));

beforeAll(async () => {
  const [signedUp, otherAccount] = await Promise.all([signUpOwner(), signUpOwner()]);
  other = otherAccount;
  owner = signedUp.agent;
  ownerId = signedUp.user.id;
  orgA = (await owner.post('/api/organizations', { name: 'Alder' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch' })).body.id;
  manager = await createChild(owner, { canManageUsers: true, canCreateClients: true, allowedOrganizationIds: [orgA] });
});

describe('creating users', () => {
  it("creates a child user of the creator's account with the defaults for a new child user", async () => {
    const body = newUser({ email: `Mixed-${randomUUID()}@District.Test`, role: 'assistant' });
    const res = await owner.post('/api/users', { user: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Nia',
      lastName: 'New',
      email: body.email.toLowerCase(),
      role: 'assistant',
      userType: 'child',
      isActive: true,
      parentUserId: ownerId,
      permissions: { ...permissionDefaults, allowedOrganizationIds: [] },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|Hash/i);
    const me = await signIn(body.email);
    expect(me.user).toMatchObject({ userType: 'child', accountId: (await owner.get('/api/user')).body.accountId });
  });

  it('refuses an e-mail that exists anywhere in the system with 409', async () => {
    const res = await owner.post('/api/users', { user: newUser({ email: other.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it('applies the password rules and required fields with the spec messages', async () => {
    const res = await owner.post('/api/users', { user: newUser({ password: 'alllowercase', firstName: '', email: 'nope' }) });
    expect(res.status).toBe(400);
    const messages = (res.body.errors as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Please enter a valid email address',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character (@$!%*?&)',
      ]),
    );
  });

  it('refuses organizations that are not live organizations of the account', async () => {
    const res = await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [newId()] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'permissions.allowedOrganizationIds', message: 'Choose one of your organizations' }]);
  });
});

describe('no escalation', () => {
  it('a manager cannot grant a flag it lacks, "All Organizations", or an organization outside its scope', async () => {
    const cases = [
      { canEditClients: true, allowedOrganizationIds: [orgA] },
      { canManageGoals: true, allowedOrganizationIds: [orgA] },
      { allowedOrganizationIds: [] },
      { allowedOrganizationIds: [orgA, orgB] },
      { allowedOrganizationIds: [orgB] },
    ];
    for (const permissions of cases) {
      const res = await manager.agent.post('/api/users', { user: newUser(), permissions });
      expect(res.status, JSON.stringify(permissions)).toBe(403);
      expect(res.body.message).toBe(NO_ESCALATION);
    }
    const ok = await manager.agent.post('/api/users', { user: newUser(), permissions: { canCreateClients: true, allowedOrganizationIds: [orgA] } });
    expect(ok.status).toBe(201);
    expect(ok.body.permissions).toMatchObject({ canCreateClients: true, canEditClients: false, allowedOrganizationIds: [orgA] });
  });

  it('a manager cannot change its own permissions or status, nor the owner', async () => {
    const self = await manager.agent.put(`/api/users/${manager.id}/permissions`, { ...allFlags, allowedOrganizationIds: [] });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot change your own permissions');
    expect((await manager.agent.patch(`/api/users/${manager.id}`, { isActive: false })).status).toBe(403);
    // The owner lies outside a limited manager's organizations: absent to it.
    const onOwner = await manager.agent.patch(`/api/users/${ownerId}`, { isActive: false });
    expect(onOwner.status).toBe(404);
    expect((await manager.agent.put(`/api/users/${ownerId}/permissions`, { allowedOrganizationIds: [orgA] })).status).toBe(404);
    expect((await owner.patch(`/api/users/${ownerId}`, { isActive: false })).body.message).toBe('You cannot deactivate your own account');
    expect((await owner.patch(`/api/users/${ownerId}`, { isActive: false })).body.message).toBe('You cannot deactivate your own account');
    expect((await manager.agent.get('/api/user-permissions')).body).toMatchObject({ canEditClients: false, allowedOrganizationIds: [orgA] });
  });

  it('a manager cannot raise another user above itself, nor change a user who holds more than it does', async () => {
    const peer = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [orgA] } })).body;
    const raise = await manager.agent.put(`/api/users/${peer.id}/permissions`, { canDeleteClients: true, allowedOrganizationIds: [orgA] });
    expect(raise.status).toBe(403);
    expect(raise.body.message).toBe(NO_ESCALATION);
    const lower = await manager.agent.put(`/api/users/${peer.id}/permissions`, { canViewReports: false, allowedOrganizationIds: [orgA] });
    expect(lower.status).toBe(200);
    expect(lower.body.permissions).toMatchObject({ canViewReports: false, canViewProgressNotes: true });

    const wider = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [] } })).body;
    const res = await manager.agent.patch(`/api/users/${wider.id}`, { isActive: false });
    expect(res.status).toBe(404);
    expect((await owner.get('/api/users')).body.find((u: { id: string }) => u.id === wider.id).isActive).toBe(true);
  });
});

describe('who a manager sees', () => {
  it('a manager limited to some organizations sees and changes only users within them', async () => {
    const inA = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [orgA] } })).body;
    const inB = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [orgB] } })).body;
    const inAB = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [orgA, orgB] } })).body;
    const everywhere = (await owner.post('/api/users', { user: newUser(), permissions: { allowedOrganizationIds: [] } })).body;

    const seen = ((await manager.agent.get('/api/users')).body as { id: string; email: string }[]).map((u) => u.id);
    expect(seen).toContain(inA.id);
    expect(seen).toContain(manager.id);
    for (const hidden of [inB.id, inAB.id, everywhere.id, ownerId]) expect(seen).not.toContain(hidden);

    for (const outside of [inB, inAB, everywhere]) {
      expect((await manager.agent.patch(`/api/users/${outside.id}`, { isActive: false })).status).toBe(404);
      expect((await manager.agent.put(`/api/users/${outside.id}/permissions`, { allowedOrganizationIds: [orgA] })).status).toBe(404);
    }
    expect((await manager.agent.patch(`/api/users/${inA.id}`, { isActive: false })).status).toBe(200);

    // A manager with every organization sees them all.
    const all = ((await owner.get('/api/users')).body as { id: string }[]).map((u) => u.id);
    for (const id of [inA.id, inB.id, inAB.id, everywhere.id]) expect(all).toContain(id);
  });
});

describe('managing users', () => {
  it('lists only child users, with their permissions', async () => {
    const users = (await owner.get('/api/users')).body as { id: string; userType: string; permissions: Record<string, unknown> }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.userType === 'child')).toBe(true);
    expect(users.map((u) => u.id)).not.toContain(ownerId);
    expect(users.find((u) => u.id === manager.id)?.permissions).toMatchObject({ canManageUsers: true, allowedOrganizationIds: [orgA] });
  });

  it('deactivating a user ends its session at once; reactivating lets it sign in again', async () => {
    const child = await createChild(owner, {});
    expect((await child.agent.get('/api/user')).status).toBe(200);
    const off = await owner.patch(`/api/users/${child.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await child.agent.get('/api/clients')).status).toBe(401);
    await expect(signIn(child.email)).rejects.toThrow(/401/);
    expect((await owner.patch(`/api/users/${child.id}`, { isActive: true })).body.isActive).toBe(true);
    // The old session was deleted, not only refused while inactive.
    expect((await child.agent.get('/api/user')).status).toBe(401);
    expect((await signIn(child.email)).user.id).toBe(child.id);
  });

  it('edits flags and organizations for real: the change applies to the next request', async () => {
    const child = await createChild(owner, { allowedOrganizationIds: [orgA] });
    expect((await child.agent.post('/api/clients', { firstName: 'A', lastInitial: 'B', organizationId: orgA })).status).toBe(403);
    const res = await owner.put(`/api/users/${child.id}/permissions`, { canCreateClients: true, allowedOrganizationIds: [orgA, orgA] });
    expect(res.status).toBe(200);
    expect(res.body.permissions).toEqual({ ...permissionDefaults, canCreateClients: true, allowedOrganizationIds: [orgA] });
    expect((await child.agent.post('/api/clients', { firstName: 'A', lastInitial: 'B', organizationId: orgA })).status).toBe(201);
    expect((await child.agent.get('/api/user-permissions')).body).toEqual(res.body.permissions);
  });

  it('answers 404 for users that do not exist and for users of another account', async () => {
    expect((await owner.patch(`/api/users/${newId()}`, { isActive: false })).status).toBe(404);
    expect((await owner.put(`/api/users/${newId()}/permissions`, {})).status).toBe(404);
    expect((await other.agent.patch(`/api/users/${manager.id}`, { isActive: false })).status).toBe(404);
    expect((await other.agent.put(`/api/users/${manager.id}/permissions`, allFlags)).status).toBe(404);
    expect((await other.agent.get('/api/users')).body).toEqual([]);
    expect((await manager.agent.get('/api/user')).status).toBe(200);
  });

  it('gives the owner every flag and all organizations', async () => {
    expect((await owner.get('/api/user-permissions')).body).toEqual({ ...allFlags, allowedOrganizationIds: [] });
  });

  it('audits user changes without secrets', async () => {
    const actions = ((await owner.get('/api/activities?scope=mine')).body as { action: string }[]).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.created', 'user.activated', 'user.deactivated', 'user.permissions_changed']));
    expect(JSON.stringify((await owner.get('/api/activities')).body)).not.toContain(PASSWORD);
  });
});
