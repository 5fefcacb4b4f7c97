/**
 * Reporting periods and the missing-notes list (part 3 §6): GET/PUT /api/reporting-periods and
 * GET /api/progress-notes/missing over the real handlers and DynamoDB Local.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_PERIODS_OVERLAP } from '../../packages/contract/src/reporting-periods.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { keys } from '../../packages/core/src/keys.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putGoal, signInChild } from '../support/records.ts';
import { signUpOwnerAccount } from '../support/owner-account.ts';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Term 2 contains today in every time zone. */
const TERMS = [
  { name: 'Term 2', start: isoDay(-30), end: isoDay(60) },
  { name: 'Term 1', start: isoDay(-120), end: isoDay(-31) },
];
const sortedTerms = [TERMS[1], TERMS[0]];

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  ({ owner, accountId } = await signUpOwnerAccount());
});

describe('GET/PUT /api/reporting-periods', () => {
  it('starts empty, then stores the list by start date and names the period containing today', async () => {
    const { agent } = await signUpOwner();
    expect((await agent.get('/api/reporting-periods')).body).toEqual({ periods: [], current: null });
    const saved = await agent.put('/api/reporting-periods', TERMS);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ periods: sortedTerms, current: TERMS[0] });
    expect((await agent.get('/api/reporting-periods')).body).toEqual({ periods: sortedTerms, current: TERMS[0] });
    // Replaced whole: a shorter list leaves no period behind, and no period contains today.
    const past = [{ name: 'Last year', start: isoDay(-500), end: isoDay(-400) }];
    expect((await agent.put('/api/reporting-periods', past)).body).toEqual({ periods: past, current: null });
  });

  it('refuses overlapping periods (one shared day is an overlap) and an end before the start', async () => {
    const { agent } = await signUpOwner();
    const overlapping = await agent.put('/api/reporting-periods', [
      { name: 'Fall', start: '2025-09-01', end: '2025-11-30' },
      { name: 'Winter', start: '2025-11-30', end: '2026-02-28' },
    ]);
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe(REPORTING_PERIODS_OVERLAP);
    const backwards = await agent.put('/api/reporting-periods', [{ name: 'Fall', start: '2025-11-30', end: '2025-09-01' }]);
    expect(backwards.status).toBe(400);
    const nameless = await agent.put('/api/reporting-periods', [{ name: ' ', start: '2025-09-01', end: '2025-11-30' }]);
    expect(nameless.status).toBe(400);
    expect((await agent.get('/api/reporting-periods')).body.periods).toEqual([]);
    // A one-day period and back-to-back periods are fine.
    const fine = [{ name: 'Fall', start: '2025-09-01', end: '2025-11-29' }, { name: 'Check-in', start: '2025-11-30', end: '2025-11-30' }];
    expect((await agent.put('/api/reporting-periods', fine)).status).toBe(200);
  });

  it('lets any signed-in user read them and only a user manager change them', async () => {
    const { agent, user } = await signUpOwner();
    expect((await agent.put('/api/reporting-periods', TERMS)).status).toBe(200);
    const child = await signInChild(user.accountId, { canManageUsers: false });
    expect((await child.agent.get('/api/reporting-periods')).body.periods).toEqual(sortedTerms);
    expect((await child.agent.put('/api/reporting-periods', [])).status).toBe(403);
    const manager = await signInChild(user.accountId, { canManageUsers: true });
    expect((await manager.agent.put('/api/reporting-periods', [])).status).toBe(200);
  });

  it('names the current period by today\'s date in the account\'s time zone', async () => {
    const { agent } = await signUpOwner();
    // UTC+14 and UTC-11 are 25 hours apart: their dates always differ.
    const dateIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const kiritimatiToday = { name: 'Day', start: dateIn('Pacific/Kiritimati'), end: dateIn('Pacific/Kiritimati') };
    expect((await agent.put('/api/reporting-periods', [kiritimatiToday])).status).toBe(200);
    expect((await agent.put('/api/account', { name: 'Island District', timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect((await agent.get('/api/reporting-periods')).body.current).toEqual(kiritimatiToday);
    expect((await agent.put('/api/account', { name: 'Island District', timeZone: 'Pacific/Pago_Pago' })).status).toBe(200);
    expect((await agent.get('/api/reporting-periods')).body.current).toBeNull();
  });

  it('keeps accounts apart', async () => {
    const a = await signUpOwner();
    const b = await signUpOwner();
    await a.agent.put('/api/reporting-periods', TERMS);
    expect((await b.agent.get('/api/reporting-periods')).body).toEqual({ periods: [], current: null });
  });

  it('records the change in the audit log without names', async () => {
    const { agent, user } = await signUpOwner();
    await agent.put('/api/reporting-periods', TERMS);
    const events = await queryPartition<{ action: string; summary: string }>({ pk: keys.auditPartition(user.accountId), consistent: true });
    const event = events.find((e) => e.action === 'reporting_periods.updated');
    expect(event?.summary).toBe('Updated the reporting periods: 2 period(s)');
  });
});

describe('GET /api/progress-notes/missing', () => {
  const note = (agent: Agent, clientId: string, start: string, end: string) =>
    agent.post(`/api/clients/${clientId}/generate-progress-note`, { reportingPeriodStart: start, reportingPeriodEnd: end });

  it('answers no period and no clients when no reporting period contains today', async () => {
    const { agent, user } = await signUpOwner();
    const client = await putClient(user.accountId);
    await putGoal(user.accountId, client);
    expect((await agent.get('/api/progress-notes/missing')).body).toEqual({ period: null, clients: [] });
  });

  it('lists the active clients with active goals and no note sharing a day with the current period', async () => {
    expect((await owner.put('/api/reporting-periods', TERMS)).status).toBe(200);
    const [current] = TERMS;
    const missing = await putClient(accountId, { firstName: 'Missing', lastInitial: 'A' });
    await putGoal(accountId, missing);
    const covered = await putClient(accountId, { firstName: 'Covered', lastInitial: 'B' });
    await putGoal(accountId, covered);
    // A note for the period shifted by a day still covers it.
    expect((await note(owner, covered.id, isoDay(-29), isoDay(61))).status).toBe(201);
    const lastTermOnly = await putClient(accountId, { firstName: 'Lastterm', lastInitial: 'C' });
    await putGoal(accountId, lastTermOnly);
    expect((await note(owner, lastTermOnly.id, TERMS[1]!.start, TERMS[1]!.end)).status).toBe(201);
    const mastered = await putClient(accountId, { firstName: 'Mastered', lastInitial: 'D' });
    await putGoal(accountId, mastered, { status: 'mastered' });
    const noGoals = await putClient(accountId, { firstName: 'Nogoals', lastInitial: 'E' });
    const inactive = await putClient(accountId, { firstName: 'Inactive', lastInitial: 'F', status: 'inactive' });
    await putGoal(accountId, inactive);
    const archived = await putClient(accountId, { firstName: 'Archived', lastInitial: 'G', archivedAt: '2024-01-01T00:00:00.000Z' });
    await putGoal(accountId, archived);

    const res = await owner.get('/api/progress-notes/missing');
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual(current);
    const ids = (res.body.clients as { id: string }[]).map((c) => c.id);
    expect(res.body.clients).toContainEqual({ id: missing.id, firstName: 'Missing', lastInitial: 'A' });
    expect(ids).toContain(lastTermOnly.id);
    for (const c of [covered, mastered, noGoals, inactive, archived]) expect(ids).not.toContain(c.id);

    // Generating the missing ones in bulk (skipping covered clients) leaves none of them missing.
    const bulk = await owner.post('/api/generate-progress-notes-bulk', { clientIds: [...ids, covered.id], reportingPeriodStart: current!.start, reportingPeriodEnd: current!.end });
    expect(bulk.status).toBe(202);
    await whenJobsIdle();
    const job = (await owner.get(`/api/generate-progress-notes-bulk/${bulk.body.jobId}`)).body;
    expect(job).toMatchObject({ successCount: ids.length, skippedCount: 1, errorCount: 0 });
    expect((await owner.get('/api/progress-notes/missing')).body.clients).toEqual([]);
  });

  it('narrows to the caller\'s caseload with assignedTo=me, and follows the organization scope and the view flag', async () => {
    const { agent, user } = await signUpOwner();
    await agent.put('/api/reporting-periods', TERMS);
    const mine = (await agent.post('/api/clients', { firstName: 'Mine', lastInitial: 'Q', status: 'active' })).body;
    expect((await agent.post('/api/goals', { clientId: mine.id, name: 'G', type: 'articulation', description: '<p>d</p>', targetCriteria: '80%' })).status).toBe(201);
    const org = (await agent.post('/api/organizations', { name: 'Other School', type: 'school' })).body;
    const others = await putClient(user.accountId, { firstName: 'Others', lastInitial: 'R', organizationId: org.id });
    await putGoal(user.accountId, others);

    const all = (await agent.get('/api/progress-notes/missing')).body.clients.map((c: { id: string }) => c.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, others.id]));
    const me = (await agent.get('/api/progress-notes/missing?assignedTo=me')).body.clients.map((c: { id: string }) => c.id);
    expect(me).toEqual([mine.id]);

    const scoped = await signInChild(user.accountId, { allowedOrganizationIds: [crypto.randomUUID()] });
    expect((await scoped.agent.get('/api/progress-notes/missing')).body.clients).toEqual([]);
    const noView = await signInChild(user.accountId, { canViewProgressNotes: false });
    expect((await noView.agent.get('/api/progress-notes/missing')).status).toBe(403);
    const other = await signUpOwner();
    await other.agent.put('/api/reporting-periods', TERMS);
    expect((await other.agent.get('/api/progress-notes/missing')).body.clients).toEqual([]);
  });
});
