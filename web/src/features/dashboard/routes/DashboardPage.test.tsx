import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { DashboardStats } from '@caseload/contract/caseload';
import type { Session } from '@caseload/contract/sessions';
import { BROWSER_ZONE, jsonResponse, mockFetch, testAccount, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { accountWeekStart, trendCaptions } from '../lib/dashboard.ts';

const owner: CurrentUser = { ...testUser, userType: 'owner' };
const stats: DashboardStats = {
  totalClients: 12,
  weekSessions: 7,
  activeGoals: 20,
  goalsAtRisk: 4,
  completionRate: 83,
  trends: { clientsAddedThisMonth: 3, lastWeekSessions: 9, sessionsDueThisWeek: 5, goalsMasteredThisMonth: 1 },
};

const today = new Date();
const todayAt = (h: number, m = 0) => new Date(today.getFullYear(), today.getMonth(), today.getDate(), h, m).toISOString();
const session = (id: string, scheduledAt: string, client?: { firstName: string; lastInitial: string }): Session => ({
  id,
  type: 'therapy',
  status: 'scheduled',
  scheduledAt,
  duration: 30,
  providerId: '99999999-9999-4999-8999-999999999999',
  createdAt: scheduledAt,
  updatedAt: scheduledAt,
  participants: [],
  sessionParticipants: [],
  client: client && { id: 'aaaaaaaa-0000-4000-8000-00000000000' + id.slice(-1), ...client },
});
const sessions = [
  session('10000000-0000-4000-8000-000000000004', todayAt(14, 30), { firstName: 'Dan', lastInitial: 'D' }),
  session('10000000-0000-4000-8000-000000000001', todayAt(9), { firstName: 'Emma', lastInitial: 'S' }),
  session('10000000-0000-4000-8000-000000000003', todayAt(11, 15)),
  {
    ...session('10000000-0000-4000-8000-000000000002', todayAt(10), { firstName: 'Liam', lastInitial: 'T' }),
    participants: [
      { id: 'aaaaaaaa-0000-4000-8000-000000000002', firstName: 'Liam', lastInitial: 'T' },
      { id: 'aaaaaaaa-0000-4000-8000-000000000005', firstName: 'Noa', lastInitial: 'B' },
    ],
  },
];

const maya = { id: 'cccccccc-0000-4000-8000-000000000001', firstName: 'Maya', lastInitial: 'R', status: 'active', clinicianIds: [], icd10Codes: [], medicaidEligible: false, createdAt: todayAt(8), updatedAt: todayAt(8) };

function openDashboard(user: CurrentUser, answers: { stats?: DashboardStats; sessions?: Session[] } = {}) {
  return mockFetch(({ method, url }) => {
    const path = url.split('?')[0];
    if (method === 'GET' && url === '/api/user') return jsonResponse(200, user);
    if (method === 'GET' && url === '/api/account') return jsonResponse(200, testAccount());
    if (method === 'GET' && path === '/api/clients') return jsonResponse(200, { items: url.includes('search=Zed') ? [] : [maya] });
    if (method === 'GET' && path === `/api/clients/${maya.id}`) return jsonResponse(200, maya);
    if (method === 'GET' && path === '/api/goal-bank') return jsonResponse(200, []);
    if (path === '/api/dashboard/stats') return answers.stats ? jsonResponse(200, answers.stats) : new Promise<Response>(() => undefined);
    if (path === '/api/sessions') return jsonResponse(200, answers.sessions ?? []);
    if (path === '/api/activities' && url.includes('kind=sign-ins')) return jsonResponse(200, [{ id: 'e2', at: new Date().toISOString(), action: 'auth.login', summary: 'Signed in', actorName: 'Jane Doe' }]);
    if (path === '/api/activities') return jsonResponse(200, [{ id: 'e1', at: new Date().toISOString(), action: 'client.created', summary: 'Added a client', actorName: 'Jane Doe' }]);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
}

describe('trend captions', () => {
  it('are computed from the trends', () => {
    expect(trendCaptions(stats.trends, stats.weekSessions, stats.completionRate)).toEqual({
      totalClients: 'Active · 3 added this month (any status)',
      weekSessions: '-2 vs last week',
      activeGoals: '1 goal mastered this month',
      completionRate: 'Of sessions due so far · 5 to come this week',
    });
    expect(trendCaptions({ ...stats.trends, lastWeekSessions: 5, goalsMasteredThisMonth: 2 }, 7).weekSessions).toBe('+2 vs last week');
    expect(trendCaptions(undefined, 0)).toMatchObject({ totalClients: 'Active · 0 added this month (any status)', weekSessions: 'Same as last week', completionRate: 'No sessions due yet · 0 to come this week' });
  });

  it("use the account's Monday as the week start, whatever the browser's zone", () => {
    // Sunday 9 pm in Los Angeles is already Monday in UTC and New York: it still belongs to the week before.
    expect(accountWeekStart(new Date('2026-03-09T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-02T08:00:00.000Z');
    // Monday 2 am in Los Angeles, after the change to daylight time on Sunday 8 March.
    expect(accountWeekStart(new Date('2026-03-09T09:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
    expect(accountWeekStart(new Date('2026-03-08T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-08T18:30:00.000Z');
  });
});

describe('Dashboard', () => {
  it('shows five placeholders while the numbers load', async () => {
    openDashboard(owner);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getAllByTestId('stat-placeholder')).toHaveLength(5);
  });

  it('shows the cards, recent activity, today’s first three sessions and quick actions', async () => {
    const fetchMock = openDashboard(owner, { stats, sessions });
    renderApp('/');
    await screen.findByText('Overview of your SLP practice');
    await screen.findByText('12');
    expect(screen.getAllByTestId('stat-value').map((v) => v.textContent)).toEqual(['12', '7', '20', '83%', '4']);
    expect(screen.getByRole('link', { name: 'Total Clients' }).getAttribute('href')).toBe('/clients');
    expect(screen.getByRole('link', { name: "This Week's Sessions" }).getAttribute('href')).toBe('/sessions');
    // Part 4 §7: the count links to the students it counts, and says it is a signal, not a decision.
    expect(screen.getByRole('link', { name: 'Goals at risk' }).getAttribute('href')).toBe('/goals-at-risk');
    expect(screen.getByText('A signal to review, never a decision')).toBeTruthy();
    expect(screen.getByText('Active · 3 added this month (any status)')).toBeTruthy();
    expect(screen.getByText('-2 vs last week')).toBeTruthy();
    expect(await screen.findByText('Added a client')).toBeTruthy();

    const rows = await screen.findAllByTestId('today-session');
    // Each row opens its session, named by every student in it (a group names them all).
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Emma S.', 'Liam T., Noa B.', 'Client']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/sessions/10000000-0000-4000-8000-000000000001');
    // Four today, three shown: the rest are one link away.
    expect(screen.getByRole('link', { name: "View all 4 of today's sessions" }).getAttribute('href')).toBe('/sessions');
    expect(within(rows[0]!).getByText('9:00 AM')).toBeTruthy();
    expect(within(rows[0]!).getByText('Therapy')).toBeTruthy();
    expect(within(rows[0]!).getByText('Scheduled')).toBeTruthy();

    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(quick).getByRole('button', { name: 'Create Goal' })).toBeTruthy();

    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    const statsUrl = urls.find((u) => u.pathname === '/api/dashboard/stats')!;
    expect(statsUrl.searchParams.get('weekStart')).toBe(accountWeekStart(new Date(), BROWSER_ZONE));
    const sessionsUrl = urls.find((u) => u.pathname === '/api/sessions')!;
    expect(new Date(sessionsUrl.searchParams.get('from')!).getTime()).toBe(new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime());
  });

  it('shows zeros, the empty state and no actions a user may not take', async () => {
    const child: CurrentUser = { ...testUser, userType: 'child' };
    openDashboard(child, { stats: { ...stats, totalClients: undefined } as unknown as DashboardStats });
    renderApp('/');
    expect(await screen.findByText('No sessions scheduled for today')).toBeTruthy();
    await screen.findByText('83%');
    expect(screen.getAllByTestId('stat-value')[0]!.textContent).toBe('0');
    expect(screen.queryByRole('link', { name: 'Schedule Session' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Client' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add New Client' })).toBeNull();
  });

  it("'Create Goal' asks for an active client, then opens the goal dialog for that client", async () => {
    const fetchMock = openDashboard(owner, { stats, sessions: [] });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Goal' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a client' });
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'Zed' } });
    expect(await within(picker).findByText('No active client matches this name.')).toBeTruthy();
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search clients' }), { target: { value: '' } });
    fireEvent.click(await within(picker).findByRole('button', { name: 'Maya R.' }));

    const goalDialog = await screen.findByRole('dialog', { name: 'Add Goal for Maya R.' });
    expect(within(goalDialog).getByLabelText(/Goal Name/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a client' })).toBeNull());
    const searches = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname === '/api/clients' && u.searchParams.has('status'))
      .map((u) => [u.searchParams.get('status'), u.searchParams.get('search')]);
    expect(searches).toEqual([
      ['active', null],
      ['active', 'Zed'],
    ]);
  });

  it('shows clinical and administrative activity by default, sign-ins behind the switch', async () => {
    const fetchMock = openDashboard(owner, { stats, sessions: [] });
    renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'Recent Activities' })).closest('section')!;
    expect(await within(card as HTMLElement).findByText('Added a client')).toBeTruthy();
    expect(within(card as HTMLElement).queryByText('Signed in')).toBeNull();
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Sign-ins' }));
    expect(await within(card as HTMLElement).findByText('Signed in')).toBeTruthy();
    const kinds = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/activities').map((u) => u.searchParams.get('kind'));
    expect(kinds).toEqual(['work', 'sign-ins']);
  });

  it('shows "–" and "No sessions due yet" for the completion rate when nothing was due, not 0%', async () => {
    openDashboard(owner, { stats: { ...stats, completionRate: null, trends: { ...stats.trends, sessionsDueThisWeek: 0 } } });
    renderApp('/');
    await screen.findByText('No sessions due yet · 0 to come this week');
    expect(screen.getAllByTestId('stat-value').map((v) => v.textContent)).toEqual(['12', '7', '20', '–', '4']);
    expect(screen.queryByText('0%')).toBeNull();
  });
});
