import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, transact } from '../../packages/core/src/db.ts';
import { caseloadCounterUpdates } from '../../packages/core/src/counters.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { GoalItem } from '../../packages/core/src/items.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';

let owner: Agent;
let accountId: string;
let orgA: string;
let orgB: string;

const base = { firstName: 'Ava', lastInitial: 'b', status: 'active' };

async function addClient(body: Record<string, unknown>) {
  const res = await owner.post('/api/clients', { ...base, organizationId: orgA, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; organizationId?: string; status: string };
}

const stats = async () => (await owner.get('/api/dashboard/stats')).body;
const orgStats = async (id: string) => ((await owner.get('/api/organizations')).body as { id: string; stats: { activeClients: number; activeGoals: number } }[]).find((o) => o.id === id)!.stats;

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  orgA = (await owner.post('/api/organizations', { name: 'Alder Elementary', type: 'school' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch Middle', type: 'school' })).body.id;
});

describe('creating clients', () => {
  it('stores the form fields, upper-cases the last initial, answers 201 with the client and nothing internal', async () => {
    const res = await owner.post('/api/clients', {
      firstName: '  Mia ',
      lastInitial: 'k',
      organizationId: orgA,
      gradeLevel: '3',
      sessionFrequency: '2',
      teacher: 'Room 12',
      diagnosis: 'Articulation /r/',
      status: 'active',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Mia', lastInitial: 'K', organizationId: orgA, gradeLevel: '3', sessionFrequency: 2, teacher: 'Room 12', status: 'active' });
    expect(Object.keys(res.body)).not.toEqual(expect.arrayContaining(['PK']));
    expect(JSON.stringify(res.body)).not.toMatch(/accountId|PK|createdBy/);
  });

  it.each([
    ['a', 'A'],
    ['ß', 'ß'],
    ['é', 'É'],
    ['e\u0301', 'É'],
    ['ǆ', 'Ǆ'],
  ])('accepts last initial %j and stores %j', async (input, stored) => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, lastInitial: input });
    expect(res.status).toBe(201);
    expect(res.body.lastInitial).toBe(stored);
  });

  it.each([
    ['ab', 'Must be exactly one character'],
    ['', 'Last initial is required'],
    ['   ', 'Last initial is required'],
    [undefined, 'Last initial is required'],
    ['q\u0307', 'Must be exactly one character'],
    ['😀', 'Last initial must be a letter'],
    ['7', 'Last initial must be a letter'],
  ])('refuses last initial %j with %j', async (input, message) => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, lastInitial: input });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'lastInitial', message }]);
  });

  it.each([
    [0, 'Must be at least 1'],
    [11, 'Must be at most 10'],
    [2.5, 'Must be a whole number'],
  ])('refuses sessionFrequency %j with %j', async (input, message) => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, sessionFrequency: input });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'sessionFrequency', message }]);
  });

  it.each([
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
    [1, 1],
    [10, 10],
    ['7', 7],
  ])('reads sessionFrequency %j as %j (empty or non-numeric is absent)', async (input, stored) => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, sessionFrequency: input });
    expect(res.status).toBe(201);
    expect(res.body.sessionFrequency).toBe(stored);
  });

  it("requires a first name with the spec's message and reads 'none' organization and grade as absent", async () => {
    const bad = await owner.post('/api/clients', { ...base, firstName: ' ' });
    expect(bad.body.errors).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    const none = await owner.post('/api/clients', { ...base, organizationId: 'none', gradeLevel: 'none' });
    expect(none.status).toBe(201);
    expect(none.body.organizationId).toBeUndefined();
    expect(none.body.gradeLevel).toBeUndefined();
  });

  it('refuses an organization that is not a live one of the account (400 on organizationId)', async () => {
    const other = await signUpOwner();
    const foreignOrg = (await other.agent.post('/api/organizations', { name: 'Foreign School' })).body.id;
    for (const organizationId of [foreignOrg, newId()]) {
      const res = await owner.post('/api/clients', { ...base, organizationId });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'organizationId', message: 'Choose one of your organizations' }]);
    }
    const malformed = await owner.post('/api/clients', { ...base, organizationId: 'not-a-uuid' });
    expect(malformed.body.errors).toEqual([{ path: 'organizationId', message: 'Must be a valid id' }]);
    expect((await other.agent.get('/api/clients')).body).toEqual([]);
  });
});

describe('listing, updating and archiving clients', () => {
  it('lists live clients sorted by first name', async () => {
    await addClient({ firstName: 'zoe' });
    await addClient({ firstName: 'Ben' });
    await addClient({ firstName: 'Élodie' });
    const names = ((await owner.get('/api/clients')).body as { firstName: string }[]).map((c) => c.firstName);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
    expect(names).toEqual(sorted);
    expect(names).toEqual(expect.arrayContaining(['zoe', 'Ben', 'Élodie']));
  });

  it('replaces every form field on PUT (absent ones are cleared) and keeps the counters right on status changes', async () => {
    const before = await stats();
    const c = await addClient({ gradeLevel: 'K', teacher: 'Ms. T', diagnosis: 'Fluency', sessionFrequency: 3 });
    expect((await stats()).totalClients).toBe(before.totalClients + 1);
    expect((await stats()).trends.clientsAddedThisMonth).toBe(before.trends.clientsAddedThisMonth + 1);

    const res = await owner.put(`/api/clients/${c.id}`, { firstName: 'Ava', lastInitial: 'z', organizationId: orgA, status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, lastInitial: 'Z', status: 'inactive' });
    for (const gone of ['gradeLevel', 'teacher', 'diagnosis', 'sessionFrequency']) expect(res.body[gone]).toBeUndefined();
    expect((await stats()).totalClients).toBe(before.totalClients);

    await owner.put(`/api/clients/${c.id}`, { ...base, organizationId: orgA, status: 'active' });
    expect((await stats()).totalClients).toBe(before.totalClients + 1);
    expect((await stats()).trends.clientsAddedThisMonth).toBe(before.trends.clientsAddedThisMonth + 1);
  });

  it('moves a client between organizations with its counts and its goals', async () => {
    const c = await addClient({});
    const goal: GoalItem = {
      id: newId(),
      accountId,
      clientId: c.id,
      organizationId: orgA,
      name: 'Produce /s/',
      goalType: 'articulation',
      description: '<p>x</p>',
      targetCriteria: '80%',
      status: 'active',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    // Written as the goals service writes an active goal: the item and its counter in one transaction.
    await transact([
      { Put: { Item: { ...keys.goal(accountId, goal.id), ...keys.goalIndex(accountId, c.id, goal.id), type: entity.goal, ...goal } } },
      ...caseloadCounterUpdates(accountId, orgA, { activeGoals: 1 }, goal.createdAt),
    ]);
    const [a0, b0] = [await orgStats(orgA), await orgStats(orgB)];

    const res = await owner.put(`/api/clients/${c.id}`, { ...base, organizationId: orgB });
    expect(res.status).toBe(200);
    const [a1, b1] = [await orgStats(orgA), await orgStats(orgB)];
    expect(a1.activeClients).toBe(a0.activeClients - 1);
    expect(b1.activeClients).toBe(b0.activeClients + 1);
    expect(a1.activeGoals).toBe(a0.activeGoals - 1);
    expect(b1.activeGoals).toBe(b0.activeGoals + 1);
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.goal(accountId, goal.id), ConsistentRead: true }));
    expect(stored.Item?.organizationId).toBe(orgB);

    // Archiving takes the client and its active goal out of every count.
    const total = await stats();
    expect((await owner.post(`/api/clients/${c.id}/archive`)).status).toBe(200);
    const after = await stats();
    expect(after.totalClients).toBe(total.totalClients - 1);
    expect(after.activeGoals).toBe(total.activeGoals - 1);
    expect((await orgStats(orgB)).activeGoals).toBe(b0.activeGoals);
  });

  it('archives: the client leaves the list, further changes answer 404', async () => {
    const c = await addClient({ firstName: 'Archie' });
    expect((await owner.post(`/api/clients/${c.id}/archive`)).body).toEqual({ ok: true });
    const ids = ((await owner.get('/api/clients')).body as { id: string }[]).map((x) => x.id);
    expect(ids).not.toContain(c.id);
    expect((await owner.get(`/api/clients/${c.id}`)).status).toBe(404);
    expect((await owner.put(`/api/clients/${c.id}`, { ...base, organizationId: orgA })).status).toBe(404);
    expect((await owner.post(`/api/clients/${c.id}/archive`)).status).toBe(404);
  });

  it('reads one client by id with the list\'s shape (GET /api/clients/{id}); another account\'s client is 404', async () => {
    const c = await addClient({ firstName: 'Ines', gradeLevel: '3' });
    const one = await owner.get(`/api/clients/${c.id}`);
    expect(one.status).toBe(200);
    const listed = ((await owner.get('/api/clients')).body as { id: string }[]).find((x) => x.id === c.id);
    expect(one.body).toEqual(listed);
    const stranger = (await signUpOwner()).agent;
    expect((await stranger.get(`/api/clients/${c.id}`)).status).toBe(404);
  });

  it('answers 404 for ids that do not exist and for malformed ids', async () => {
    expect((await owner.get(`/api/clients/${newId()}`)).status).toBe(404);
    expect((await owner.put(`/api/clients/${newId()}`, { ...base })).status).toBe(404);
    expect((await owner.post(`/api/clients/${newId()}/archive`)).status).toBe(404);
    expect((await owner.post('/api/clients/nope/archive')).status).toBe(404);
  });

  it('records who changed a client, never its name or diagnosis', async () => {
    await addClient({ firstName: 'Secretname', diagnosis: 'Secretdiagnosis' });
    const events = (await owner.get('/api/activities?scope=mine')).body as { action: string; summary: string; actorName: string }[];
    expect(events[0]).toMatchObject({ action: 'client.created', summary: 'Added a client', actorName: 'Olivia Owner' });
    expect(JSON.stringify(events)).not.toMatch(/Secret/);
  });
});

describe('ICD-10 codes and Medicaid eligibility', () => {
  const storedClient = async (id: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(accountId, id), ConsistentRead: true }))).Item as Record<string, unknown>;

  it.each([['F8'], ['80.0'], ['F80.'], ['F80.12345'], ['F80-0'], ['']])("refuses the code %j with 'Enter a valid ICD-10 code'", async (code) => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, icd10Codes: ['F80.0', code] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter a valid ICD-10 code');
    expect(res.body.errors).toEqual([{ path: 'icd10Codes.1', message: 'Enter a valid ICD-10 code' }]);
  });

  it('accepts five codes and refuses six', async () => {
    const five = ['F80.0', 'F80.1', 'F80.2', 'F80.4', 'F80.81'];
    expect((await addClient({ icd10Codes: five })).id).toBeDefined();
    const six = await owner.post('/api/clients', { ...base, organizationId: orgA, icd10Codes: [...five, 'F80.89'] });
    expect(six.status).toBe(400);
    expect(six.body.errors).toEqual([{ path: 'icd10Codes', message: 'At most 5 ICD-10 codes' }]);
  });

  it('accepts lower case and spaces around a code, and stores and answers it upper-cased; the same code twice is refused', async () => {
    const c = await addClient({ icd10Codes: [' f80.89 ', 'r47.1'] });
    expect((await owner.get(`/api/clients/${c.id}`)).body.icd10Codes).toEqual(['F80.89', 'R47.1']);
    expect((await storedClient(c.id)).icd10Codes).toEqual(['F80.89', 'R47.1']);
    const twice = await owner.post('/api/clients', { ...base, organizationId: orgA, icd10Codes: ['F80.0', 'f80.0'] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('An ICD-10 code can be entered only once');
  });

  it('keeps Medicaid eligibility and the codes through create, read, list and update; an update without them clears them', async () => {
    const c = await addClient({ firstName: 'Medi', icd10Codes: ['F80.0'], medicaidEligible: true });
    const listed = async () => ((await owner.get('/api/clients')).body as { id: string }[]).find((x) => x.id === c.id);
    expect((await owner.get(`/api/clients/${c.id}`)).body).toMatchObject({ icd10Codes: ['F80.0'], medicaidEligible: true });
    expect(await listed()).toMatchObject({ icd10Codes: ['F80.0'], medicaidEligible: true });

    const updated = await owner.put(`/api/clients/${c.id}`, { ...base, firstName: 'Medi', organizationId: orgA, icd10Codes: ['F80.0', 'F80.1'], medicaidEligible: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ icd10Codes: ['F80.0', 'F80.1'], medicaidEligible: false });
    expect(await listed()).toMatchObject({ icd10Codes: ['F80.0', 'F80.1'], medicaidEligible: false });

    expect((await owner.put(`/api/clients/${c.id}`, { ...base, firstName: 'Medi', organizationId: orgA, medicaidEligible: true })).status).toBe(200);
    expect((await owner.get(`/api/clients/${c.id}`)).body).toMatchObject({ icd10Codes: [], medicaidEligible: true });
    expect((await owner.put(`/api/clients/${c.id}`, { ...base, firstName: 'Medi', organizationId: orgA })).status).toBe(200);
    expect((await owner.get(`/api/clients/${c.id}`)).body).toMatchObject({ icd10Codes: [], medicaidEligible: false });
    expect((await storedClient(c.id)).medicaidEligible).toBe(false);
  });

  it("refuses a Medicaid eligibility that is not true or false with 'Medicaid eligibility must be yes or no'", async () => {
    const res = await owner.post('/api/clients', { ...base, organizationId: orgA, medicaidEligible: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'medicaidEligible', message: 'Medicaid eligibility must be yes or no' }]);
  });

  it('a client written before these fields reads icd10Codes [] and medicaidEligible false', async () => {
    const id = newId();
    const stamp = '2024-01-01T00:00:00.000Z';
    // The item as stored before the fields existed: neither attribute is there.
    await transact([
      { Put: { Item: { ...keys.client(accountId, id), type: entity.client, id, accountId, organizationId: orgA, firstName: 'Olden', lastInitial: 'P', status: 'active', createdAt: stamp, updatedAt: stamp } } },
    ]);
    const stored = await storedClient(id);
    expect(stored).not.toHaveProperty('icd10Codes');
    expect(stored).not.toHaveProperty('medicaidEligible');
    expect((await owner.get(`/api/clients/${id}`)).body).toMatchObject({ firstName: 'Olden', icd10Codes: [], medicaidEligible: false });
  });
});
