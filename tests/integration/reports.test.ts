import { beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../packages/local/src/dispatch.ts';
import type { ClientItem, GoalItem, OrganizationItem } from '../../packages/core/src/items.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putGoal, putOrganization, putProgress, putSession, signInChild } from '../support/records.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let owner: Agent;
let accountId: string;
let north: OrganizationItem;
let south: OrganizationItem;
let ava: ClientItem;
let bo: ClientItem;
let dee: ClientItem;
let a1: GoalItem;

/**
 * A known caseload (times relative to now):
 * - Ava (North): A1 articulation active, A2 fluency mastered 3 days ago, A3 articulation 'met' 60 days ago.
 * - Bo (South): B1 articulation active.   Dee (North): no goals.   Cy (North): archived.
 * - S1 (Ava, Bo) completed 2 days ago: A1 8/10, A2 9/10, B1 5/10.   S2 (Ava) scheduled 1 day ago: A1 6/10.
 * - S3 (Bo) completed 10 days ago: B1 7/10.   S4 (Ava) completed 40 days ago: A1 2/10.   S5 (Cy) 3 days ago.
 */
beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  north = await putOrganization(accountId, 'North');
  south = await putOrganization(accountId, 'South');
  ava = await putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: north.id });
  bo = await putClient(accountId, { firstName: 'Bo', lastInitial: 'K', organizationId: south.id });
  dee = await putClient(accountId, { firstName: 'Dee', lastInitial: 'R', organizationId: north.id });
  const cy = await putClient(accountId, { firstName: 'Cy', lastInitial: 'T', organizationId: north.id, archivedAt: ago(5) });
  a1 = await putGoal(accountId, ava, { name: 'A1', description: '<p>Produce <b>/r/</b></p>' });
  const a2 = await putGoal(accountId, ava, { name: 'A2', goalType: 'fluency', status: 'mastered', masteredDate: ago(3) });
  await putGoal(accountId, ava, { name: 'A3', status: 'met' as GoalItem['status'], masteredDate: ago(60) });
  const b1 = await putGoal(accountId, bo, { name: 'B1' });
  const cyGoal = await putGoal(accountId, cy, { name: 'C1' });

  const s1 = await putSession(accountId, { scheduledAt: ago(2), participants: { [ava.id]: 'present', [bo.id]: 'present' } });
  await putProgress(accountId, s1, a1, 8, 10);
  await putProgress(accountId, s1, a2, 9, 10);
  await putProgress(accountId, s1, b1, 5, 10);
  const s2 = await putSession(accountId, { scheduledAt: ago(1), status: 'scheduled', participants: { [ava.id]: 'scheduled' } });
  await putProgress(accountId, s2, a1, 6, 10);
  const s3 = await putSession(accountId, { scheduledAt: ago(10), participants: { [bo.id]: 'present' } });
  await putProgress(accountId, s3, b1, 7, 10);
  const s4 = await putSession(accountId, { scheduledAt: ago(40), participants: { [ava.id]: 'present' } });
  await putProgress(accountId, s4, a1, 2, 10);
  const s5 = await putSession(accountId, { scheduledAt: ago(3), participants: { [cy.id]: 'present' } });
  await putProgress(accountId, s5, cyGoal, 10, 10);
});

describe('GET /api/reports', () => {
  it('computes the last 30 days for the visible clients', async () => {
    const res = await owner.get('/api/reports');
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.period.days).toBe(30);
    expect(Date.parse(r.period.to) - Date.parse(r.period.from)).toBe(30 * DAY);
    expect(r.filters).toEqual({ client: 'all', goalType: 'all' });
    expect(r.overallStats).toEqual({ totalSessions: 3, completedSessions: 2, activeGoals: 2, masteredGoals: 1, successRate: 70, totalClients: 3, clientsWithData: 2 });
    expect(r.clientProgress.map((c: any) => [c.clientName, c.progressRate, c.sessionsCount, c.goalCount])).toEqual([
      ['Ava M.', 77, 2, 3],
      ['Bo K.', 60, 2, 1],
      // Dee has no data: not a client at 0%, and left out of the average (clientsWithData 2 of 3).
      ['Dee R.', null, 0, 0],
    ]);
    const avaRow = r.clientProgress[0];
    expect(avaRow.goals).toHaveLength(3);
    expect(avaRow.goals[0]).toMatchObject({ id: a1.id, type: 'articulation', description: 'Produce /r/', status: 'active', successRate: 70 });
    // A3 has no data in the period: null, not 0.
    expect(avaRow.goals.map((g: any) => g.successRate)).toEqual([70, 90, null]);
    expect(avaRow.goals.map((g: any) => g.status).sort()).toEqual(['active', 'mastered', 'mastered']);
    expect(avaRow.recentDataPoints).toHaveLength(3);
    expect(avaRow.recentDataPoints[0]).toMatchObject({ goalId: a1.id, successfulAttempts: 6, totalAttempts: 10, accuracy: 60 });
  });

  it('widens to 90 days', async () => {
    const r = (await owner.get('/api/reports?days=90')).body;
    expect(r.overallStats).toEqual({ totalSessions: 4, completedSessions: 3, activeGoals: 2, masteredGoals: 2, successRate: 62, totalClients: 3, clientsWithData: 2 });
    expect(r.clientProgress.map((c: any) => [c.clientName, c.progressRate])).toEqual([
      ['Ava M.', 63],
      ['Bo K.', 60],
      ['Dee R.', null],
    ]);
  });

  it('filters by goal type and by client', async () => {
    const fluency = (await owner.get('/api/reports?goalType=fluency')).body;
    expect(fluency.filters).toEqual({ client: 'all', goalType: 'fluency' });
    expect(fluency.overallStats).toEqual({ totalSessions: 2, completedSessions: 1, activeGoals: 0, masteredGoals: 1, successRate: 90, totalClients: 1, clientsWithData: 1 });
    expect(fluency.clientProgress).toHaveLength(1);
    expect(fluency.clientProgress[0]).toMatchObject({ clientName: 'Ava M.', goalCount: 1, progressRate: 90 });

    const one = (await owner.get(`/api/reports?clientId=${bo.id}&days=14`)).body;
    expect(one.filters).toEqual({ client: 'Bo K.', goalType: 'all' });
    expect(one.overallStats).toEqual({ totalSessions: 2, completedSessions: 2, activeGoals: 1, masteredGoals: 0, successRate: 60, totalClients: 1, clientsWithData: 1 });

    const week = (await owner.get(`/api/reports?clientId=${bo.id}&days=7`)).body;
    expect(week.overallStats).toMatchObject({ totalSessions: 1, successRate: 50 });
  });

  it('validates the query, and keeps to the caller\'s permissions, organizations and account', async () => {
    const bad = await owner.get('/api/reports?days=10');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose 7, 14, 30 or 90 days');
    expect((await owner.get('/api/reports?goalType=singing')).status).toBe(400);

    const southOnly = await signInChild(accountId, { allowedOrganizationIds: [south.id] });
    const scoped = (await southOnly.agent.get('/api/reports')).body;
    expect(scoped.clientProgress.map((c: any) => c.clientName)).toEqual(['Bo K.']);
    expect(scoped.overallStats).toMatchObject({ totalSessions: 2, successRate: 60, totalClients: 1, clientsWithData: 1 });
    expect((await southOnly.agent.get(`/api/reports?clientId=${ava.id}`)).status).toBe(404);

    const noReports = await signInChild(accountId, { canViewReports: false });
    expect((await noReports.agent.get('/api/reports')).status).toBe(403);
    expect((await noReports.agent.get('/api/reports/export')).status).toBe(403);

    const stranger = (await signUpOwner()).agent;
    expect((await stranger.get(`/api/reports?clientId=${dee.id}`)).status).toBe(404);
    expect((await stranger.get('/api/reports')).body.clientProgress).toEqual([]);
  });
});

describe('GET /api/reports/export', () => {
  it('downloads the pretty-printed JSON report file', async () => {
    const res = await owner.get('/api/reports/export?days=30');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(res.headers['Content-Disposition']).toBe(`attachment; filename="progress-report-${today}.json"`);
    const file = res.body;
    expect(Object.keys(file)).toEqual(['generatedAt', 'period', 'filters', 'overallStats', 'clientProgress']);
    expect(file.overallStats.successRate).toBe(70);
    expect(file.clientProgress[0]).toMatchObject({ clientName: 'Ava M.', goalCount: 3, sessionsCount: 2, progressRate: 77 });
    // Pretty-printed, as the spec's file is: the raw body, not the parsed one.
    const raw = await dispatch({ method: 'GET', url: '/api/reports/export', headers: { host: 'localhost:3000', cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(raw.body).toBe(JSON.stringify(JSON.parse(raw.body!), null, 2));
  });

  it('downloads a CSV with quoted cells and formulas neutralized', async () => {
    const evil = await putClient(accountId, { firstName: '=HYPERLINK("http://x")', lastInitial: 'Z', organizationId: north.id });
    await putGoal(accountId, evil, { name: 'E1', description: '<p>+cmd, "quoted"</p>' });
    const res = await owner.get('/api/reports/export?format=csv&days=30');
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['Content-Disposition']).toMatch(/^attachment; filename="progress-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Client","Goal Count","Sessions","Success Rate (%)","Goals"');
    expect(lines[1]).toMatch(/^"Ava M\.","3","2","77","Articulation: Produce \/r\/ \(active\); /);
    expect(lines).toContain('"\'=HYPERLINK(""http://x"") Z.","1","0","No data","Articulation: +cmd, ""quoted"" (active)"');
    expect(lines).toHaveLength(5);
  });
});
