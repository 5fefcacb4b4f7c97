import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_YEARS_RANGE } from '../../packages/contract/src/account-lifecycle.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { runJobsDueAt } from '../../packages/core/src/scheduled-jobs/jobs.ts';
import { unlimited } from '../../packages/core/src/scheduled-jobs/types.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';
import { expectStatus, getRaw } from '../support/fixtures-sessions.ts';

/**
 * Retention (part 4 §5) over the real routes and the real daily job: the setting's range and
 * subset PUT; the purge of the signed documentation of archived students once the district's
 * years have passed since their last service, nothing of active or recent students, and a report
 * the owner reads (ids and counts, never a name).
 */

let owner: Agent;
let accountId: string;
/** Archived, served three days ago: purged once the years have passed. */
let gone: string;
/** Still on the caseload, served in the same group session: kept. */
let active: string;
let sessionId: string;

/** The retention job's minute, `years` (and a day) after today. */
const retentionRunAfter = (years: number) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return new Date(`${new Date(at.getTime() + 86400_000).toISOString().slice(0, 10)}T10:30:00Z`);
};

async function signedGroupSession(clientIds: string[]) {
  const scheduledAt = new Date(Date.now() - 3 * 86400_000).toISOString();
  const session = expectStatus(await owner.post('/api/sessions', { type: 'therapy', clientIds, scheduledAt, duration: 30 }), 201);
  for (const id of clientIds) expectStatus(await owner.patch(`/api/sessions/${session.id}/participants/${id}`, { status: 'present' }), 200);
  expectStatus(await owner.put(`/api/sessions/${session.id}`, { type: 'therapy', clientIds, scheduledAt, duration: 30, status: 'completed' }), 200);
  for (const id of clientIds) {
    expectStatus(await owner.post(`/api/sessions/${session.id}/notes`, { clientId: id, notes: '<p>Worked on /r/</p>' }), 200);
    expectStatus(await owner.post(`/api/sessions/${session.id}/sign`, { clientId: id }), 200);
    expectStatus(await owner.post(`/api/sessions/${session.id}/addenda`, { clientId: id, text: 'Late entry' }), 201);
  }
  return session.id as string;
}

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  gone = expectStatus(await owner.post('/api/clients', { firstName: 'Purgeable', lastInitial: 'P' }), 201).id;
  active = expectStatus(await owner.post('/api/clients', { firstName: 'Staying', lastInitial: 'S' }), 201).id;
  sessionId = await signedGroupSession([gone, active]);
  expectStatus(await owner.post(`/api/clients/${gone}/archive`), 200);
}, 120_000);

describe('the retention setting', () => {
  it('defaults to 7 years, takes 5 to 10 alone (any subset of the settings), and refuses the rest with the spec words', async () => {
    const before = expectStatus(await owner.get('/api/account'), 200);
    expect(before.retentionYears).toBe(7);
    for (const wrong of [4, 11, 6.5, '7']) {
      const res = await owner.put('/api/account', { retentionYears: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(RETENTION_YEARS_RANGE);
    }
    const saved = expectStatus(await owner.put('/api/account', { retentionYears: 5 }), 200);
    expect(saved).toMatchObject({ retentionYears: 5, name: before.name, timeZone: before.timeZone, idleMinutes: before.idleMinutes });
    expect(expectStatus(await owner.put('/api/account', { idleMinutes: 20 }), 200).retentionYears).toBe(5);
  });

  it('is the account managers\' to change, and the purge reports the owner\'s alone to read', async () => {
    const clinician = await createChild(owner, { canManageUsers: false });
    expect((await clinician.agent.put('/api/account', { retentionYears: 10 })).status).toBe(403);
    expect(expectStatus(await clinician.agent.get('/api/account'), 200).retentionYears).toBe(5);
    const manager = await createChild(owner, { canManageUsers: true });
    expect((await manager.agent.get('/api/account/purge-reports')).status).toBe(403);
  });
});

describe('the daily purge', () => {
  it('keeps everything while the years have not passed', async () => {
    await runJobsDueAt(retentionRunAfter(4), unlimited);
    expect(await getRaw(keys.sessionNote(accountId, sessionId, gone))).toBeDefined();
    expect(expectStatus(await owner.get('/api/account/purge-reports'), 200).reports).toEqual([]);
  });

  it("purges an archived student's signed notes, signature copies, addenda and service lines after them, and keeps the active student's", async () => {
    const [retention] = await runJobsDueAt(retentionRunAfter(5), unlimited);
    expect(retention).toMatchObject({ job: 'retention', result: { done: true, summary: { students: 1 } } });

    expect(await getRaw(keys.sessionNote(accountId, sessionId, gone))).toBeUndefined();
    const kept = await getRaw(keys.sessionNote(accountId, sessionId, active));
    expect(kept?.signature).toBeDefined();
    expect(kept?.addenda).toHaveLength(1);
    const session = await getRaw(keys.session(accountId, sessionId));
    expect(Object.keys(session!.participants as object)).toEqual([active]);
    const minutes = await queryPartition({ pk: keys.clientMinutes(accountId, gone) });
    expect(minutes.filter((m) => String(m.SK).startsWith('DAY#'))).toEqual([]);
    expect((await queryPartition({ pk: keys.clientMinutes(accountId, active) })).some((m) => String(m.SK).startsWith('DAY#'))).toBe(true);
    // The student's own (archived) record stays.
    expect(await getRaw(keys.client(accountId, gone))).toBeDefined();

    const { reports } = expectStatus(await owner.get('/api/account/purge-reports'), 200);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ retentionYears: 5, clientIds: [gone], counts: { sessionNotes: 1, serviceLogLines: 1, minutesLines: 1 } });
    expect(JSON.stringify(reports)).not.toMatch(/Purgeable|Staying/);
  });

  it('finds nothing more to purge on the next day', async () => {
    const next = retentionRunAfter(5);
    next.setUTCDate(next.getUTCDate() + 1);
    const [retention] = await runJobsDueAt(next, unlimited);
    expect(retention!.result.summary.students).toBe(0);
    expect(expectStatus(await owner.get('/api/account/purge-reports'), 200).reports).toHaveLength(1);
  });
});
