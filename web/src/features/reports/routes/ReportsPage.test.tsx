import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Client } from '@caseload/contract/caseload';
import type { GoalChart } from '@caseload/contract/goal-chart';
import type { GoalMonitoring } from '@caseload/contract/monitoring';
import type { Report } from '@caseload/contract/notes';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const chart = (n: number): GoalChart => ({
  points: [
    { date: '2026-02-10', accuracy: 60 },
    { date: '2026-02-24', accuracy: 70 + n },
  ],
  criterion: 80,
  baseline: null,
  cueMix: [],
  progress: 'progressing',
});
const goal = (n: number) => ({
  id: `9000000${n}-0c4b-4e8a-9f51-2b7c3d9e1a01`,
  type: 'articulation' as const,
  description: `Goal ${n}`,
  status: 'active' as const,
  successRate: 70 as number | null,
  chart: chart(n),
});
/** A distinct id per sample client (ids made from name lengths collided: 'Maya R.' and 'Noah T.'). */
let nextClient = 0;
const progress = (clientName: string, progressRate: number | null, goals = 1): Report['clientProgress'][number] => ({
  clientId: `${++nextClient}0000000-0c4b-4e8a-9f51-2b7c3d9e1a01`,
  clientName,
  goalCount: goals,
  sessionsCount: 2,
  progressRate,
  goals: Array.from({ length: goals }, (_, i) => goal(i + 1)),
  recentDataPoints: [],
});

const report: Report = {
  generatedAt: '2026-03-05T12:00:00.000Z',
  period: { days: 30, from: '2026-02-03T12:00:00.000Z', to: '2026-03-05T12:00:00.000Z' },
  filters: { client: 'all', goalType: 'all' },
  overallStats: { totalSessions: 12, completedSessions: 9, activeGoals: 7, masteredGoals: 2, successRate: 71, totalClients: 3, clientsWithData: 3 },
  clientProgress: [progress('Li R.', 65), progress('Maya R.', 80, 6), progress('Noah T.', 40)],
};

/**
 * The goal reads the figures take their trend and aim line from (part 4 §7): each client's first
 * goal rising 5.5 points a week from Feb 10, aimed at 80% on Jun 1.
 */
const monitoring: GoalMonitoring = {
  status: 'on_track',
  sessions: 4,
  weeks: 4,
  slopePerWeek: 5.5,
  projectedDate: '2026-03-10',
  aimLine: { from: { date: '2026-02-10', accuracy: 50 }, to: { date: '2026-06-01', accuracy: 80 } },
  trendLine: { from: { date: '2026-02-10', accuracy: 60 }, to: { date: '2026-02-24', accuracy: 71 } },
  basis: 'Based on 4 sessions over 4 weeks',
};
const goalReads = (clients: Report['clientProgress']) =>
  Object.fromEntries(
    clients.map((c) => [
      `GET /api/goals?clientId=${c.clientId}`,
      () =>
        jsonResponse(
          200,
          c.goals.map((g, i) => ({
            id: g.id,
            clientId: c.clientId,
            name: g.description,
            type: g.type,
            description: g.description,
            targetCriteria: '80%',
            status: g.status,
            criterionMet: false,
            monitoring: i === 0 ? monitoring : null,
            createdAt: '2026-01-05T12:00:00.000Z',
            updatedAt: '2026-01-05T12:00:00.000Z',
          })),
        ),
    ]),
  );

async function openReports(user: CurrentUser = testUser, answers: Record<string, () => Response> = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(200, user),
    'GET /api/reports?days=30': () => jsonResponse(200, report),
    'GET /api/clients': () => jsonResponse(200, []),
    ...goalReads(report.clientProgress),
    ...answers,
  });
  renderApp('/reports');
  await screen.findByRole('heading', { level: 1, name: 'Reports' });
  return fetchMock;
}

describe('reports', () => {
  it('shows the four summary cards and clients by success rate with 80/60 badges', async () => {
    await openReports();
    expect(await screen.findByText('Total Sessions')).toBeTruthy();
    expect(screen.getByText('9 completed')).toBeTruthy();
    expect(screen.getByText('2 mastered')).toBeTruthy();
    expect(screen.getByText('71%')).toBeTruthy();

    const rows = screen.getAllByTestId('client-progress');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Maya R.', 'Li R.', 'Noah T.']);
    const variants = rows.map((r) => within(r).getByText(/% success$/).getAttribute('data-variant'));
    expect(variants).toEqual(['default', 'secondary', 'destructive']);
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Maya R. success rate' }).getAttribute('aria-valuenow')).toBe('80');
    expect(within(rows[0]!).getByText('6 goals · 2 sessions')).toBeTruthy();
    expect(within(rows[0]!).getAllByText(/^Goal \d$/)).toHaveLength(4);
    expect(within(rows[0]!).getByText('+2 more goals')).toBeTruthy();
  });

  it('shows "No data" for a client and a goal without data, and says whose data the average covers', async () => {
    const withoutData = progress('Dee R.', null);
    const mixed = progress('Ava M.', 75, 2);
    mixed.goals[1] = { ...mixed.goals[1]!, successRate: null };
    await openReports(testUser, {
      'GET /api/reports?days=30': () =>
        jsonResponse(200, { ...report, overallStats: { ...report.overallStats, successRate: 75, totalClients: 2, clientsWithData: 1 }, clientProgress: [withoutData, mixed] }),
    });
    expect(await screen.findByText('Average of 1 of 2 clients with data')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    // The clients card counts every client reported and says how many have data, not all of them.
    expect(screen.getByText('1 with data in this period')).toBeTruthy();

    const rows = screen.getAllByTestId('client-progress');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Ava M.', 'Dee R.']);
    expect(within(rows[1]!).getByText('No data')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/% success$/)).toBeNull();
    expect(within(rows[1]!).queryByRole('progressbar')).toBeNull();
    expect(within(rows[0]!).getByText('Active · 70%')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active · No data')).toBeTruthy();
  });

  it('says "No data" for the success rate when no client has data', async () => {
    await openReports(testUser, {
      'GET /api/reports?days=30': () =>
        jsonResponse(200, { ...report, overallStats: { ...report.overallStats, successRate: null, clientsWithData: 0 }, clientProgress: [progress('Dee R.', null)] }),
    });
    expect(await screen.findByText('No client has data in this period')).toBeTruthy();
    expect(screen.getAllByText('No data')).toHaveLength(2);
    expect(screen.queryByText('0%')).toBeNull();
  });

  it('shows a client\'s goal figures when its row is expanded, and hides them again', async () => {
    await openReports();
    const rows = await screen.findAllByTestId('client-progress');
    const maya = rows[0]!;
    expect(within(maya).queryByTestId('goal-chart')).toBeNull();
    const toggle = within(maya).getByRole('button', { name: 'Show charts' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide charts');
    // Expanded, every goal shows with its figure (no "+2 more goals").
    expect(within(maya).getAllByTestId('goal-chart')).toHaveLength(6);
    expect(within(maya).queryByText('+2 more goals')).toBeNull();
    // The first goal's trend and aim line come from its goal read, said in words beside the drawing and in its name.
    const lines = 'Trend +5.5 points a week; Aim line from 50% on Feb 10, 2026 to 80% on Jun 1, 2026';
    const first = await within(maya).findByRole('img', { name: `Accuracy over 2 sessions: 60%, 71%; criterion 80%; status: Progressing; ${lines}` });
    expect(within(maya).getAllByTestId('monitoring-lines').map((l) => l.textContent)).toEqual([lines]);
    await waitFor(() => expect(first.querySelector('svg')).toBeTruthy());
    expect([...first.querySelectorAll('text')].map((t) => t.textContent)).toContain('Criterion 80%');
    // Other clients stay collapsed.
    expect(within(rows[1]!).queryByTestId('goal-chart')).toBeNull();

    fireEvent.click(within(maya).getByRole('button', { name: 'Hide charts' }));
    expect(within(maya).queryByTestId('goal-chart')).toBeNull();
    expect(within(maya).getByText('+2 more goals')).toBeTruthy();
  });

  it('shows the goal figures at once for a report filtered to one client', async () => {
    const maya: Client = {
      id: '00000001-0c4b-4e8a-9f51-2b7c3d9e1a01',
      firstName: 'Maya',
      lastInitial: 'R',
      status: 'active',
      icd10Codes: [],
      medicaidEligible: false,
      clinicianIds: [],
      createdAt: '2026-01-05T12:00:00.000Z',
      updatedAt: '2026-01-05T12:00:00.000Z',
    };
    const one = progress('Maya R.', 80, 2);
    one.goals[1] = { ...one.goals[1]!, successRate: null, chart: { points: [], criterion: null, baseline: null, cueMix: [], progress: 'no_data' } };
    await openReports(testUser, {
      'GET /api/clients': () => jsonResponse(200, [maya]),
      [`GET /api/reports?days=30&clientId=${maya.id}`]: () =>
        jsonResponse(200, { ...report, filters: { client: 'Maya R.', goalType: 'all' }, clientProgress: [one] }),
      ...goalReads([one]),
    });
    await screen.findByRole('option', { name: 'Maya R.' });
    expect(screen.queryByTestId('goal-chart')).toBeNull();
    fireEvent.change(screen.getByLabelText('Client'), { target: { value: maya.id } });

    const figures = await screen.findAllByTestId('goal-chart');
    expect(figures).toHaveLength(2);
    expect(screen.getAllByTestId('client-progress')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show charts' })).toBeNull();
    expect(within(figures[1]!).getByRole('img', { name: 'No sessions with data in this period; status: No data' }).textContent).toBe('No data');
    const drawing = await within(figures[0]!).findByRole('img', { name: /^Accuracy over 2 sessions: 60%, 71%; criterion 80%; status: Progressing; Trend \+5\.5 points a week/ });
    await waitFor(() => expect(drawing.querySelector('svg')).toBeTruthy());
  });

  it('reloads for a new period', async () => {
    const fetchMock = await openReports(testUser, { 'GET /api/reports?days=90': () => jsonResponse(200, { ...report, clientProgress: [] }) });
    await screen.findByText('Total Sessions');
    fireEvent.change(screen.getByLabelText('Time Period'), { target: { value: '90' } });
    expect(await screen.findByText('No progress data for this period and these filters.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/reports?days=90')).toBe(true);
    expect((screen.getByLabelText('Time Period') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Last 3 months');
  });

  it("downloads the server's export file as it was sent, date-stamped", async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const file = `{\n  "generatedAt": "${report.generatedAt}"\n}`;
    await openReports(testUser, {
      'GET /api/reports/export?days=30&format=json': () => new Response(file, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON (data)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await created[0]!.text()).toBe(file);
  });

  it("'Export Report' downloads the spreadsheet (CSV), never raw JSON", async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await openReports(testUser, {
      'GET /api/reports/export?days=30&format=csv': () => new Response('\uFEFF"Client","Goal Count"\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('tells a user without the permission', async () => {
    await openReports({ ...testUser, userType: 'child', permissions: { ...testUser.permissions, canViewReports: false } });
    expect(screen.getByText("You don't have permission to view reports.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export Report' })).toBeNull();
  });
});
