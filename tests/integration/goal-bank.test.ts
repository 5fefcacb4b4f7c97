import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRITERION_BOTH } from '../../packages/contract/src/trials.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import { caseloadTemplates } from '../../packages/core/src/goal-bank/templates.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus, getRaw } from '../support/fixtures-sessions.ts';
import { signInChild } from '../support/records.ts';

/**
 * The goal bank (spec part 3 §3): Caseload's templates and the account's own, filtered by type and
 * searched by name or description; the account's templates saved and deleted with canManageGoals,
 * never seen or deleted by another account.
 */

let owner: Agent;
let accountId: string;
let other: Agent;
let otherAccountId: string;
/** A colleague who may read the bank but not change it. */
let reader: Agent;
/** A colleague who manages goals. */
let manager: Agent;

beforeAll(async () => {
  const [o, x] = await Promise.all([signUpOwner(), signUpOwner()]);
  ({ agent: owner } = o);
  accountId = o.user.accountId;
  ({ agent: other } = x);
  otherAccountId = x.user.accountId;
  [{ agent: reader }, { agent: manager }] = await Promise.all([signInChild(accountId, { canManageGoals: false }), signInChild(accountId, { canManageGoals: true })]);
});

const template = (fields: Record<string, unknown> = {}) => ({
  name: 'Following classroom routines',
  type: 'receptive_language',
  description: '[student] will follow the [routine] steps of the morning routine with [accuracy]% accuracy.',
  targetCriteria: '80% accuracy across 3 consecutive sessions',
  criterionAccuracy: 80,
  criterionSessions: 3,
  ...fields,
});
interface Listed {
  id: string;
  source: string;
  name: string;
  type: string;
  description: string;
}
const list = async (agent: Agent, query = '') => expectStatus(await agent.get(`/api/goal-bank${query}`), 200) as Listed[];
const auditOf = async (entityId: string) =>
  (await queryPartition<Record<string, unknown>>({ pk: keys.auditPartition(accountId), consistent: true })).filter((e) => e.entityId === entityId);

describe('reading the bank', () => {
  it("lists every one of Caseload's templates to any signed-in user, in the bank's order", async () => {
    const bank = await list(reader);
    expect(bank.filter((t) => t.source === 'caseload').map((t) => t.id)).toEqual(caseloadTemplates.map((t) => t.id));
    expect(bank.length).toBeGreaterThanOrEqual(60);
  });

  it('filters by goal type', async () => {
    const fluency = await list(owner, '?type=fluency');
    expect(fluency.length).toBe(caseloadTemplates.filter((t) => t.type === 'fluency').length);
    expect(fluency.every((t) => t.type === 'fluency')).toBe(true);
  });

  it('searches the name or the description, ignoring case', async () => {
    const byName = await list(owner, `?search=${encodeURIComponent('EASY ONSET')}`);
    expect(byName.map((t) => t.id)).toContain('flu-02');
    expect(byName.every((t) => `${t.name} ${t.description}`.toLowerCase().includes('easy onset'))).toBe(true);
    // "hard swallow" is only in a description.
    expect((await list(owner, `?search=${encodeURIComponent('Hard Swallow')}`)).map((t) => t.id)).toEqual(['voice-03']);
    expect(await list(owner, '?search=zzzz-no-such-goal')).toEqual([]);
    // Type and search together.
    const both = await list(owner, '?type=articulation&search=cluster');
    expect(both.map((t) => t.id)).toEqual(['artic-11']);
  });

  it('refuses an unknown type and an over-long search with the schema messages', async () => {
    expect((await owner.get('/api/goal-bank?type=feeding')).body.message).toBe('Choose a goal type');
    const long = await owner.get(`/api/goal-bank?search=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Search must be at most 100 characters');
  });

  it('needs a signed-in user', async () => {
    expect((await new Agent().get('/api/goal-bank')).status).toBe(401);
  });
});

describe("the account's own templates", () => {
  it('are saved (201, source account, a uuid), listed first for everyone in the account with the built-ins, and audited by id', async () => {
    const saved = expectStatus(await manager.post('/api/goal-bank', template({ name: 'Zebra: classroom routines', criterionMaxCue: 'visual' })), 201);
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      source: 'account',
      name: 'Zebra: classroom routines',
      type: 'receptive_language',
      description: '[student] will follow the [routine] steps of the morning routine with [accuracy]% accuracy.',
      targetCriteria: '80% accuracy across 3 consecutive sessions',
      criterionAccuracy: 80,
      criterionSessions: 3,
      criterionMaxCue: 'visual',
    });
    const stored = await getRaw(keys.goalTemplate(accountId, saved.id));
    expect(stored).toMatchObject({ type: entity.goalTemplate, goalType: 'receptive_language', accountId });

    const bank = await list(reader);
    const ownIndex = bank.findIndex((t) => t.id === saved.id);
    expect(ownIndex).toBeGreaterThanOrEqual(0);
    expect(ownIndex).toBeLessThan(bank.findIndex((t) => t.source === 'caseload'));
    expect(bank.filter((t) => t.source === 'caseload')).toHaveLength(caseloadTemplates.length);
    // Found by type and by a word of its own description, with the built-ins that match.
    expect((await list(reader, '?type=receptive_language&search=morning%20ROUTINE')).map((t) => t.id)).toEqual([saved.id]);
    expect((await list(reader, '?type=voice')).some((t) => t.id === saved.id)).toBe(false);

    const [audit] = await auditOf(saved.id);
    expect(audit).toMatchObject({ action: 'goal_template.created', entityType: 'goal_template', summary: 'Saved a goal template' });
    // Ids only: no name, description or criterion wording in the audit entry.
    expect(JSON.stringify(audit)).not.toMatch(/Zebra|routine|accuracy/i);
  });

  it('lists its own templates by name', async () => {
    const { agent } = await signUpOwner();
    for (const name of ['beta template', 'Alpha template', 'Gamma template']) expectStatus(await agent.post('/api/goal-bank', template({ name })), 201);
    const own = (await list(agent)).filter((t) => t.source === 'account');
    expect(own.map((t) => t.name)).toEqual(['Alpha template', 'beta template', 'Gamma template']);
  });

  it('are never listed to another account, nor deletable by it (404, and the template stays)', async () => {
    const mine = expectStatus(await owner.post('/api/goal-bank', template({ name: `Private ${randomUUID()}` })), 201);
    const theirs = await list(other);
    expect(theirs.some((t) => t.id === mine.id || t.name === mine.name)).toBe(false);
    expect(theirs.every((t) => t.source === 'caseload')).toBe(true);
    const refused = await other.delete(`/api/goal-bank/${mine.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Goal template not found');
    expect((await list(owner)).some((t) => t.id === mine.id)).toBe(true);
    expect(await getRaw(keys.goalTemplate(accountId, mine.id))).toBeDefined();
    expect(await getRaw(keys.goalTemplate(otherAccountId, mine.id))).toBeUndefined();
  });

  it('are deleted (then gone from the bank, a second delete 404), audited by id', async () => {
    const made = expectStatus(await owner.post('/api/goal-bank', template({ name: 'Short-lived' })), 201);
    expect(expectStatus(await manager.delete(`/api/goal-bank/${made.id}`), 200)).toEqual({ ok: true });
    expect((await list(owner)).some((t) => t.id === made.id)).toBe(false);
    expect(await getRaw(keys.goalTemplate(accountId, made.id))).toBeUndefined();
    expect((await owner.delete(`/api/goal-bank/${made.id}`)).status).toBe(404);
    expect((await auditOf(made.id)).map((e) => e.action).sort()).toEqual(['goal_template.created', 'goal_template.deleted']);
  });

  it("refuses to delete Caseload's templates and unknown ids with 404", async () => {
    expect((await owner.delete('/api/goal-bank/artic-01')).status).toBe(404);
    expect((await owner.delete(`/api/goal-bank/${randomUUID()}`)).status).toBe(404);
    expect((await list(owner)).some((t) => t.id === 'artic-01')).toBe(true);
  });

  it('are not a way to delete other items of the account partition', async () => {
    // A goal's id in the template route names no template: nothing is deleted.
    const client = expectStatus(await owner.post('/api/clients', { firstName: 'Gia', lastInitial: 'T', status: 'active' }), 201);
    const goal = expectStatus(await owner.post('/api/goals', { clientId: client.id, name: 'G', type: 'voice', description: '<p>d</p>', targetCriteria: '80%' }), 201);
    expect((await owner.delete(`/api/goal-bank/${goal.id}`)).status).toBe(404);
    expect(await getRaw(keys.goal(accountId, goal.id))).toBeDefined();
  });
});

describe('permissions and validation', () => {
  it('refuses saving and deleting without canManageGoals (403), and changes nothing', async () => {
    const made = expectStatus(await owner.post('/api/goal-bank', template({ name: 'Kept' })), 201);
    const before = (await list(owner)).length;
    const post = await reader.post('/api/goal-bank', template({ name: 'Not allowed' }));
    expect(post.status).toBe(403);
    const del = await reader.delete(`/api/goal-bank/${made.id}`);
    expect(del.status).toBe(403);
    const after = await list(owner);
    expect(after).toHaveLength(before);
    expect(after.some((t) => t.id === made.id)).toBe(true);
  });

  it('refuses a criterion with accuracy and no sessions, or a cue level alone, with CRITERION_BOTH on criterionSessions', async () => {
    for (const body of [template({ criterionSessions: undefined }), template({ criterionAccuracy: undefined }), template({ criterionAccuracy: undefined, criterionSessions: undefined, criterionMaxCue: 'verbal' })]) {
      const res = await owner.post('/api/goal-bank', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CRITERION_BOTH);
      expect(res.body.errors).toContainEqual({ path: 'criterionSessions', message: CRITERION_BOTH });
    }
    // No criterion at all is a template too.
    const plain = expectStatus(await owner.post('/api/goal-bank', template({ name: 'No criterion', criterionAccuracy: undefined, criterionSessions: undefined })), 201);
    expect(plain).not.toHaveProperty('criterionAccuracy');
  });

  it("refuses missing and out-of-range fields with the contract's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [template({ name: '  ' }), 'name', 'Template name is required'],
      [template({ description: '' }), 'description', 'Description is required'],
      [template({ targetCriteria: undefined }), 'targetCriteria', 'Target criteria is required'],
      [template({ type: 'feeding' }), 'type', 'Choose a goal type'],
      [template({ description: 'x'.repeat(2001) }), 'description', 'Description must be at most 2000 characters'],
      [template({ criterionAccuracy: 0 }), 'criterionAccuracy', 'Criterion accuracy must be at least 1'],
      [template({ criterionSessions: 11 }), 'criterionSessions', 'Consecutive sessions must be at most 10'],
      [template({ criterionMaxCue: 'telepathic' }), 'criterionMaxCue', 'Choose a cue level'],
      [template({ name: 'Tab\there' }), 'name', 'Contains characters that are not allowed'],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.post('/api/goal-bank', body);
      expect(res.status, path).toBe(400);
      expect(res.body.errors, path).toContainEqual({ path, message });
    }
  });

  it('saves one template for a POST sent twice with one Idempotency-Key', async () => {
    const name = `Once ${randomUUID()}`;
    const key = randomUUID();
    const first = await owner.request('POST', '/api/goal-bank', template({ name }), { 'idempotency-key': key });
    const again = await owner.request('POST', '/api/goal-bank', template({ name }), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await list(owner)).filter((t) => t.name === name)).toHaveLength(1);
  });
});
