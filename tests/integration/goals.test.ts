import { beforeAll, describe, expect, it } from 'vitest';
import { queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { accountSnapshot, addGoal, clinicianPermissions, expectStatus, getRaw, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

let owner: Agent;
let other: Agent;
let limited: Agent;
let noGoals: Agent;
let accountId: string;
let orgA: string;
let orgB: string;
let a1: ClientItem;
let b1: ClientItem;
let archived: ClientItem;
let foreign: ClientItem;

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  owner = o.agent;
  other = x.agent;
  accountId = o.user.accountId;
  [orgA, orgB] = (await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')])).map((org) => org.id) as [string, string];
  [a1, b1, archived, foreign] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', organizationId: orgA }),
    putClient(accountId, { firstName: 'Cleo', organizationId: orgB }),
    putClient(accountId, { firstName: 'Eve', organizationId: orgA, archivedAt: '2024-02-01T00:00:00.000Z' }),
    putClient(x.user.accountId, { firstName: 'Fay' }),
  ]);
  ({ agent: limited } = await signInChild(accountId, { ...clinicianPermissions, allowedOrganizationIds: [orgA] }));
  ({ agent: noGoals } = await signInChild(accountId, { canEditSessions: true }));
});

const orgCounters = (orgId: string) => getRaw<Record<string, number>>(keys.counters(accountId, `ORG#${orgId}`));
const month = () => new Date().toISOString().slice(0, 7).replace('-', '');

describe('creating goals', () => {
  it('answers 201 with the goal: active, description sanitized, target date as ISO; counts it as active', async () => {
    const before = (await orgCounters(orgA))?.activeGoals ?? 0;
    const res = await owner.post('/api/goals', {
      clientId: a1.id,
      name: ' Produce /r/ ',
      type: 'articulation',
      description: '<p>Initial /r/ <em>in words</em></p><script>steal()</script>',
      targetCriteria: '80% accuracy over 3 sessions',
      targetDate: '2031-06-01T00:00:00+02:00',
    });
    const goal = expectStatus(res, 201);
    expect(goal).toMatchObject({
      clientId: a1.id,
      name: 'Produce /r/',
      type: 'articulation',
      description: '<p>Initial /r/ <em>in words</em></p>',
      targetCriteria: '80% accuracy over 3 sessions',
      targetDate: '2031-05-31T22:00:00.000Z',
      status: 'active',
    });
    expect(goal.masteredDate).toBeUndefined();
    expect(JSON.stringify(goal)).not.toMatch(/PK|accountId|organizationId|version|goalType/);
    expect((await orgCounters(orgA))?.activeGoals).toBe(before + 1);
    expect((await getRaw(keys.goal(accountId, goal.id)))?.organizationId).toBe(orgA);
  });

  it.each([
    [{ name: '' }, 'Goal name is required'],
    [{ name: undefined }, 'Goal name is required'],
    [{ description: '   ' }, 'Description is required'],
    [{ description: '<script>only()</script>' }, 'Description is required'],
    [{ targetCriteria: '' }, 'Target criteria is required'],
    [{ type: 'phonics' }, 'Choose a goal type'],
    [{ targetDate: 'next week' }, 'Must be a date and time'],
  ])('refuses %j with "%s" and writes nothing', async (change, message) => {
    const before = await accountSnapshot(accountId);
    const body = { clientId: a1.id, name: 'G', type: 'voice', description: '<p>d</p>', targetCriteria: 'c', ...change };
    const res = await owner.post('/api/goals', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await accountSnapshot(accountId)).toBe(before);
  });

  it('accepts every one of the seven types and an empty target date', async () => {
    for (const type of ['articulation', 'expressive_language', 'fluency', 'other', 'pragmatics', 'receptive_language', 'voice']) {
      const goal = await addGoal(owner, a1.id, { type, targetDate: '' });
      expect(goal.type).toBe(type);
      expect(goal.targetDate).toBeUndefined();
    }
  });

  it('refuses clients of other accounts, outside the user\'s organizations, archived ones, and users without canManageGoals', async () => {
    const before = await accountSnapshot(accountId);
    const body = { name: 'G', type: 'voice', description: '<p>d</p>', targetCriteria: 'c' };
    expect((await owner.post('/api/goals', { ...body, clientId: foreign.id })).status).toBe(404);
    expect((await limited.post('/api/goals', { ...body, clientId: b1.id })).status).toBe(404);
    expect((await owner.post('/api/goals', { ...body, clientId: archived.id })).status).toBe(404);
    expect((await noGoals.post('/api/goals', { ...body, clientId: a1.id })).status).toBe(403);
    expect(await accountSnapshot(accountId)).toBe(before);
    expectStatus(await limited.post('/api/goals', { ...body, clientId: a1.id }), 201);
  });
});

describe('listing goals', () => {
  it('lists one client\'s goals, oldest first, and requires the client', async () => {
    const c = await putClient(accountId, { firstName: 'Hal', organizationId: orgB });
    const g1 = await addGoal(owner, c.id, { name: 'First' });
    const g2 = await addGoal(owner, c.id, { name: 'Second' });
    expectStatus(await owner.put(`/api/goals/${g2.id}`, { status: 'mastered' }), 200);
    const list = expectStatus(await owner.get(`/api/goals?clientId=${c.id}`), 200);
    expect(list.map((g: { id: string; status: string }) => [g.id, g.status])).toEqual([
      [g1.id, 'active'],
      [g2.id, 'mastered'],
    ]);
    const missing = await owner.get('/api/goals');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('clientId is required');
    expect((await owner.get(`/api/goals?clientId=${foreign.id}`)).status).toBe(404);
    expect((await other.get(`/api/goals?clientId=${c.id}`)).status).toBe(404);
    expect((await limited.get(`/api/goals?clientId=${c.id}`)).status).toBe(404);
    expect((await noGoals.get(`/api/goals?clientId=${c.id}`)).status).toBe(200);
  });
});

describe('editing goals', () => {
  it('toggles active → mastered (sets masteredDate, counts a mastery) → active (clears it), accepting met as mastered', async () => {
    const goal = await addGoal(owner, b1.id);
    const start = await orgCounters(orgB);
    const mastered = expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'mastered' }), 200);
    expect(mastered.status).toBe('mastered');
    expect(Date.parse(mastered.masteredDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(mastered).toMatchObject({ name: goal.name, description: goal.description });
    const afterMastery = await orgCounters(orgB);
    expect(afterMastery?.activeGoals).toBe(start!.activeGoals! - 1);
    expect(afterMastery?.[`goalsMastered_${month()}`]).toBe((start?.[`goalsMastered_${month()}`] ?? 0) + 1);

    const again = expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'met' }), 200);
    expect(again).toMatchObject({ status: 'mastered', masteredDate: mastered.masteredDate });

    const reactivated = expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'active' }), 200);
    expect(reactivated.status).toBe('active');
    expect(reactivated.masteredDate).toBeUndefined();
    expect((await getRaw(keys.goal(accountId, goal.id)))!.masteredDate).toBeUndefined();
    expect(await orgCounters(orgB)).toMatchObject({ activeGoals: start!.activeGoals, [`goalsMastered_${month()}`]: start?.[`goalsMastered_${month()}`] ?? 0 });
  });

  it('applies a full edit, keeps the status when none is sent, and validates like creation', async () => {
    const goal = await addGoal(owner, a1.id, { targetDate: '2031-06-01T00:00:00.000Z' });
    const edit = { name: 'Use /s/ blends', type: 'fluency', description: '<p>New</p><iframe src="x"></iframe>', targetCriteria: '90%' };
    const res = expectStatus(await owner.put(`/api/goals/${goal.id}`, edit), 200);
    expect(res).toMatchObject({ name: 'Use /s/ blends', type: 'fluency', description: '<p>New</p>', targetCriteria: '90%', status: 'active' });
    expect(res.targetDate).toBeUndefined();
    expect(res.createdAt).toBe(goal.createdAt);
    const withStatus = expectStatus(await owner.put(`/api/goals/${goal.id}`, { ...edit, status: 'on_hold' }), 200);
    expect(withStatus.status).toBe('on_hold');
    const bad = await owner.put(`/api/goals/${goal.id}`, { ...edit, name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Goal name is required');
    expect((await owner.put(`/api/goals/${goal.id}`, { status: 'done' })).status).toBe(400);
  });

  it('answers 404 for other accounts\' and hidden goals and 403 without canManageGoals, changing nothing', async () => {
    const goal = await addGoal(owner, b1.id);
    const before = await accountSnapshot(accountId);
    expect((await other.put(`/api/goals/${goal.id}`, { status: 'mastered' })).status).toBe(404);
    expect((await limited.put(`/api/goals/${goal.id}`, { status: 'mastered' })).status).toBe(404);
    expect((await noGoals.put(`/api/goals/${goal.id}`, { status: 'mastered' })).status).toBe(403);
    expect((await owner.put(`/api/goals/${crypto.randomUUID()}`, { status: 'mastered' })).status).toBe(404);
    expect((await other.delete(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await limited.delete(`/api/goals/${goal.id}`)).status).toBe(404);
    expect((await noGoals.delete(`/api/goals/${goal.id}`)).status).toBe(403);
    expect(await accountSnapshot(accountId)).toBe(before);
  });
});

describe('deleting goals', () => {
  it('removes the goal from every list and its count, and keeps the progress recorded for it', async () => {
    const goal = await addGoal(owner, a1.id);
    const s = await schedule(owner, [a1.id], '2031-02-03T09:00:00.000Z');
    expectStatus(await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 2, totalAttempts: 3 }), 200);
    const before = (await orgCounters(orgA))!.activeGoals!;
    expect(expectStatus(await owner.delete(`/api/goals/${goal.id}`), 200)).toEqual({ ok: true });
    expect((await orgCounters(orgA))!.activeGoals).toBe(before - 1);
    expect(await getRaw(keys.goal(accountId, goal.id))).toBeUndefined();
    const ids = (body: { id: string }[]) => body.map((g) => g.id);
    expect(ids(expectStatus(await owner.get(`/api/goals?clientId=${a1.id}`), 200))).not.toContain(goal.id);
    expect(ids(expectStatus(await owner.get(`/api/sessions/${s.id}/client-goals`), 200))).not.toContain(goal.id);
    const progress = expectStatus(await owner.get(`/api/sessions/${s.id}/progress`), 200);
    expect(progress).toEqual([expect.objectContaining({ goalId: goal.id, successfulAttempts: 2 })]);
    expect((await owner.delete(`/api/goals/${goal.id}`)).status).toBe(404);
    const saveAfter = await owner.post(`/api/sessions/${s.id}/progress`, { goalId: goal.id, successfulAttempts: 1, totalAttempts: 1 });
    expect(saveAfter.status).toBe(404);
    expect(saveAfter.body.message).toBe('Goal not found');
  });

  it('does not count a deleted mastered goal as mastered any more', async () => {
    const goal = await addGoal(owner, b1.id);
    expectStatus(await owner.put(`/api/goals/${goal.id}`, { status: 'mastered' }), 200);
    const before = (await orgCounters(orgB))![`goalsMastered_${month()}`]!;
    expectStatus(await owner.delete(`/api/goals/${goal.id}`), 200);
    expect((await orgCounters(orgB))![`goalsMastered_${month()}`]).toBe(before - 1);
  });
});

describe('the goals of a session\'s clients', () => {
  it('lists every goal (all statuses) of the participants the user may see', async () => {
    const c1 = await putClient(accountId, { firstName: 'Ida', organizationId: orgA });
    const c2 = await putClient(accountId, { firstName: 'Jon', organizationId: orgB });
    const [g1, g2, g3] = [await addGoal(owner, c1.id), await addGoal(owner, c1.id), await addGoal(owner, c2.id)];
    expectStatus(await owner.put(`/api/goals/${g2.id}`, { status: 'mastered' }), 200);
    const s = await schedule(owner, [c1.id, c2.id], '2031-02-04T09:00:00.000Z');
    const all = expectStatus(await owner.get(`/api/sessions/${s.id}/client-goals`), 200);
    expect(all.map((g: { id: string }) => g.id).sort()).toEqual([g1.id, g2.id, g3.id].sort());
    expect(all.find((g: { id: string }) => g.id === g2.id).status).toBe('mastered');
    const seen = expectStatus(await limited.get(`/api/sessions/${s.id}/client-goals`), 200);
    expect(seen.map((g: { id: string }) => g.id).sort()).toEqual([g1.id, g2.id].sort());
    expect((await other.get(`/api/sessions/${s.id}/client-goals`)).status).toBe(404);
    const audit = await queryPartition<{ summary: string; entityType?: string }>({ pk: keys.auditPartition(accountId), consistent: true });
    expect(audit.filter((e) => e.entityType === 'goal').length).toBeGreaterThan(0);
    expect(audit.some((e) => /Produce|Ida|Jon/.test(e.summary))).toBe(false);
  });
});
