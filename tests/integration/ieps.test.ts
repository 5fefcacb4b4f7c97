import { beforeAll, describe, expect, it } from 'vitest';
import { END_BEFORE_START, OVERLAPPING_IEP } from '../../packages/contract/src/school-year.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem, IepSetItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { accountSnapshot, expectStatus, getRaw } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

let owner: Agent;
let other: Agent;
let viewer: Agent;
let limitedEditor: Agent;
let accountId: string;
let a1: ClientItem;
let b1: ClientItem;
let foreign: ClientItem;

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  other = x.agent;
  accountId = o.user.accountId;
  const [orgA, orgB] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  [a1, b1, foreign] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', organizationId: orgA.id }),
    putClient(accountId, { firstName: 'Cleo', organizationId: orgB.id }),
    putClient(x.user.accountId, { firstName: 'Fay' }),
  ]);
  ({ agent: viewer } = await signInChild(accountId, { canEditClients: false }));
  ({ agent: limitedEditor } = await signInChild(accountId, { canEditClients: true, allowedOrganizationIds: [orgA.id] }));
});

const iep = (fields: Record<string, unknown> = {}) => ({
  startDate: '2026-09-01',
  endDate: '2027-06-30',
  serviceMinutes: 60,
  servicePer: 'week',
  ...fields,
});
const newClient = (firstName = 'Iris') => putClient(accountId, { firstName });
const create = (agent: Agent, clientId: string, body: Record<string, unknown>) => agent.post(`/api/clients/${clientId}/ieps`, body);
const auditOf = async (entityId: string) =>
  (await queryPartition<Record<string, string>>({ pk: keys.auditPartition(accountId), consistent: true })).filter((e) => e.entityId === entityId);

describe('creating an IEP', () => {
  it('answers 201 with the record: status active and service type either by default, blank dates absent; audited by id (iep.created) without names', async () => {
    const client = await newClient('Ximena');
    const created = expectStatus(await create(owner, client.id, iep({ nextReviewDate: '', nextEvaluationDate: '2028-03-01' })), 201);
    expect(created).toEqual({
      id: expect.any(String),
      clientId: client.id,
      startDate: '2026-09-01',
      endDate: '2027-06-30',
      nextEvaluationDate: '2028-03-01',
      status: 'active',
      serviceMinutes: 60,
      servicePer: 'week',
      serviceType: 'either',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await getRaw(keys.iepRef(accountId, created.id)))?.clientId).toBe(client.id);
    const [event] = await auditOf(created.id);
    expect(event).toMatchObject({ action: 'iep.created', entityType: 'iep', summary: 'Added an IEP' });
    expect(JSON.stringify(event)).not.toContain('Ximena');
  });

  it.each([
    [{ endDate: '2026-08-31' }, END_BEFORE_START],
    [{ endDate: '2026-09-01' }, END_BEFORE_START],
    [{ startDate: '' }, 'Start date is required'],
    [{ endDate: undefined }, 'End date is required'],
    [{ nextReviewDate: '2027-02-30' }, 'Must be a date (yyyy-MM-dd)'],
    [{ nextEvaluationDate: 'next spring' }, 'Must be a date (yyyy-MM-dd)'],
    [{ serviceMinutes: 4 }, 'Service minutes must be at least 5'],
    [{ serviceMinutes: 3001 }, 'Service minutes must be at most 3000'],
    [{ serviceMinutes: 22.5 }, 'Service minutes must be a whole number'],
    [{ servicePer: 'day' }, 'Choose week or month'],
    [{ status: 'pending' }, 'Choose a status'],
    [{ serviceType: 'pairs' }, 'Choose a service type'],
  ])('refuses %j with "%s" and writes nothing', async (change, message) => {
    const before = await accountSnapshot(accountId);
    const res = await create(owner, a1.id, iep(change));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await accountSnapshot(accountId)).toBe(before);
  });
});

describe('two active IEPs of one client may not overlap (dates both included)', () => {
  it('an active IEP sharing only its last day (30 June 2027) with the current one → 409; starting 1 July 2027 → 201', async () => {
    const client = await newClient();
    expectStatus(await create(owner, client.id, iep()), 201);
    const clash = await create(owner, client.id, iep({ startDate: '2027-06-30', endDate: '2028-06-30' }));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(OVERLAPPING_IEP);
    expectStatus(await create(owner, client.id, iep({ startDate: '2027-07-01', endDate: '2028-06-30' })), 201);
  });

  it('ended and draft IEPs may overlap an active one; making the ended one active again → 409', async () => {
    const client = await newClient();
    expectStatus(await create(owner, client.id, iep()), 201);
    const ended = expectStatus(await create(owner, client.id, iep({ startDate: '2025-09-01', endDate: '2026-09-15', status: 'ended' })), 201);
    expectStatus(await create(owner, client.id, iep({ status: 'draft' })), 201);
    const reactivated = await owner.put(`/api/ieps/${ended.id}`, iep({ startDate: '2025-09-01', endDate: '2026-09-15', status: 'active' }));
    expect(reactivated.status).toBe(409);
    expect(reactivated.body.message).toBe(OVERLAPPING_IEP);
  });

  it('ending the current IEP (PUT status ended, end date moved to 15 January 2027) lets a new active one start 16 January 2027', async () => {
    const client = await newClient();
    const current = expectStatus(await create(owner, client.id, iep()), 201);
    expect((await create(owner, client.id, iep({ startDate: '2027-01-16' }))).status).toBe(409);
    const ended = expectStatus(await owner.put(`/api/ieps/${current.id}`, iep({ endDate: '2027-01-15', status: 'ended' })), 200);
    expect(ended).toMatchObject({ id: current.id, status: 'ended', endDate: '2027-01-15', createdAt: current.createdAt });
    expectStatus(await create(owner, client.id, iep({ startDate: '2027-01-16' })), 201);
  });

  it('8 parallel creates of overlapping active IEPs: exactly one 201, seven 409, one IEP stored', async () => {
    const client = await newClient();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(owner, client.id, iep({ serviceMinutes: 30 + i }))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body.message).toBe(OVERLAPPING_IEP);
    expect(expectStatus(await owner.get(`/api/clients/${client.id}/ieps`), 200)).toHaveLength(1);
  });

  it('4 parallel creates of IEPs in 4 different school years: all 201, none lost (each write follows the version it read)', async () => {
    const client = await newClient();
    const years = [2026, 2027, 2028, 2029];
    const answers = await Promise.all(years.map((y) => create(owner, client.id, iep({ startDate: `${y}-09-01`, endDate: `${y + 1}-06-30` }))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const set = await getRaw<IepSetItem>(keys.iepSet(accountId, client.id));
    expect(Object.keys(set!.ieps)).toHaveLength(4);
    expect(set!.version).toBe(4);
  });
});

describe('reading, editing and deleting', () => {
  it('lists a client’s IEPs newest start first (2027, 2026, 2025)', async () => {
    const client = await newClient();
    for (const [start, status] of [['2025-09-01', 'ended'], ['2027-09-01', 'active'], ['2026-09-01', 'ended']] as const) {
      expectStatus(await create(owner, client.id, iep({ startDate: start, endDate: `${Number(start.slice(0, 4)) + 1}-06-30`, status })), 201);
    }
    const list = expectStatus(await viewer.get(`/api/clients/${client.id}/ieps`), 200);
    expect(list.map((i: { startDate: string }) => i.startDate)).toEqual(['2027-09-01', '2026-09-01', '2025-09-01']);
  });

  it('an edit keeps id and createdAt and is audited as iep.updated; ending it says so', async () => {
    const client = await newClient();
    const created = expectStatus(await create(owner, client.id, iep()), 201);
    const edited = expectStatus(await owner.put(`/api/ieps/${created.id}`, iep({ serviceMinutes: 90, servicePer: 'month', serviceType: 'group', nextReviewDate: '2027-05-01' })), 200);
    expect(edited).toMatchObject({ id: created.id, createdAt: created.createdAt, serviceMinutes: 90, servicePer: 'month', serviceType: 'group', nextReviewDate: '2027-05-01' });
    expectStatus(await owner.put(`/api/ieps/${created.id}`, iep({ status: 'ended' })), 200);
    expect((await auditOf(created.id)).map((e) => [e.action, e.summary]).sort()).toEqual([
      ['iep.created', 'Added an IEP'],
      ['iep.updated', 'Ended an IEP'],
      ['iep.updated', 'Updated an IEP'],
    ]);
  });

  it('a delete removes the IEP and its reference (iep.deleted); deleting or editing it again → 404', async () => {
    const client = await newClient();
    const kept = expectStatus(await create(owner, client.id, iep({ status: 'draft' })), 201);
    const gone = expectStatus(await create(owner, client.id, iep()), 201);
    expect(expectStatus(await owner.delete(`/api/ieps/${gone.id}`), 200)).toEqual({ ok: true });
    expect(expectStatus(await owner.get(`/api/clients/${client.id}/ieps`), 200).map((i: { id: string }) => i.id)).toEqual([kept.id]);
    expect(await getRaw(keys.iepRef(accountId, gone.id))).toBeUndefined();
    expect((await owner.delete(`/api/ieps/${gone.id}`)).status).toBe(404);
    expect((await owner.put(`/api/ieps/${gone.id}`, iep())).status).toBe(404);
    expect((await auditOf(gone.id)).map((e) => e.action).sort()).toEqual(['iep.created', 'iep.deleted']);
  });
});

describe('who may read and write', () => {
  it('a user without canEditClients reads (200) but may not create, edit or delete (403), and nothing changes', async () => {
    const created = expectStatus(await create(owner, a1.id, iep({ startDate: '2030-09-01', endDate: '2031-06-30' })), 201);
    const before = await accountSnapshot(accountId);
    expect((await viewer.get(`/api/clients/${a1.id}/ieps`)).status).toBe(200);
    expect((await create(viewer, a1.id, iep({ startDate: '2032-09-01', endDate: '2033-06-30' }))).status).toBe(403);
    expect((await viewer.put(`/api/ieps/${created.id}`, iep({ status: 'ended' }))).status).toBe(403);
    expect((await viewer.delete(`/api/ieps/${created.id}`)).status).toBe(403);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('a client outside the user’s organizations or of another account is not found (404) for reads and writes', async () => {
    const hidden = expectStatus(await create(owner, b1.id, iep()), 201);
    const foreignIep = expectStatus(await create(other, foreign.id, iep()), 201);
    expect((await limitedEditor.get(`/api/clients/${b1.id}/ieps`)).status).toBe(404);
    expect((await create(limitedEditor, b1.id, iep({ status: 'draft' }))).status).toBe(404);
    expect((await limitedEditor.put(`/api/ieps/${hidden.id}`, iep({ status: 'ended' }))).status).toBe(404);
    expect((await limitedEditor.delete(`/api/ieps/${hidden.id}`)).status).toBe(404);
    expect((await owner.get(`/api/clients/${foreign.id}/ieps`)).status).toBe(404);
    expect((await create(owner, foreign.id, iep({ status: 'draft' }))).status).toBe(404);
    expect((await owner.put(`/api/ieps/${foreignIep.id}`, iep({ status: 'ended' }))).status).toBe(404);
    expect((await owner.delete(`/api/ieps/${foreignIep.id}`)).status).toBe(404);
    expect(expectStatus(await other.get(`/api/clients/${foreign.id}/ieps`), 200).map((i: { status: string }) => i.status)).toEqual(['active']);
    // The limited editor still writes in its own organization.
    expectStatus(await create(limitedEditor, a1.id, iep({ status: 'draft' })), 201);
  });

  it('an archived client’s IEPs stay readable; creating, editing or deleting them → 404 like other writes to an archived client', async () => {
    const client = await newClient();
    const created = expectStatus(await create(owner, client.id, iep()), 201);
    expectStatus(await owner.post(`/api/clients/${client.id}/archive`), 200);
    expect(expectStatus(await owner.get(`/api/clients/${client.id}/ieps`), 200)).toHaveLength(1);
    expect((await create(owner, client.id, iep({ status: 'draft' }))).status).toBe(404);
    expect((await owner.put(`/api/ieps/${created.id}`, iep({ status: 'ended' }))).status).toBe(404);
    expect((await owner.delete(`/api/ieps/${created.id}`)).status).toBe(404);
  });
});
