import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Goal, ProgressPoint } from '@caseload/contract/sessions';
import { jsonResponse, mockFetch, testAccount, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ClientGoalsTab } from './ClientGoalsTab.tsx';

const clientId = '11111111-1111-4111-8111-111111111111';
const at = '2026-03-09T14:00:00.000Z';
const goal = (id: string, name: string, status: Goal['status']): Goal => ({
  id: `44444444-4444-4444-8444-${id.padStart(12, '0')}`,
  clientId,
  name,
  type: 'fluency',
  criterionMet: false,
  description: `${name} description`,
  targetCriteria: '4 of 5 trials',
  status,
  createdAt: at,
  updatedAt: at,
  ...(status === 'mastered' ? { masteredDate: at } : {}),
});
const goals = [goal('1', 'Easy onsets', 'active'), goal('2', 'Slow rate', 'mastered'), goal('3', 'Pausing', 'on_hold'), goal('4', 'Stretchy speech', 'discontinued')];
const points: ProgressPoint[] = [
  { id: 'a', goalId: goals[0]!.id, clientId, sessionId: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001', successfulAttempts: 5, totalAttempts: 10, correctByCue: { independent: 5 }, recordedAt: '2026-03-02T14:00:00.000Z' },
  { id: 'b', goalId: goals[0]!.id, clientId, sessionId: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002', successfulAttempts: 8, totalAttempts: 10, correctByCue: { independent: 6, verbal: 2 }, recordedAt: '2026-03-09T14:00:00.000Z' },
];

function openTab(user: CurrentUser = testUser, routes: Record<string, (body: unknown) => Response> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockFetch(({ method, url, init }) => {
    const { pathname } = new URL(url, 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: pathname, body });
    const custom = routes[`${method} ${pathname}`];
    if (custom) return custom(body);
    if (pathname === '/api/user') return jsonResponse(200, user);
    if (pathname === '/api/goals' && method === 'GET') return jsonResponse(200, goals);
    if (pathname === '/api/progress') return jsonResponse(200, points);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderWithProviders(<ClientGoalsTab clientId={clientId} />);
  return calls;
}

describe('Goals & Progress tab', () => {
  it('lists goals with badges for all four statuses and an accuracy chart', async () => {
    const calls = openTab();
    await screen.findByRole('heading', { name: 'Easy onsets' });
    for (const label of ['Active', 'Mastered', 'On Hold', 'Discontinued']) expect(screen.getByText(label)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Accuracy over 2 sessions: 50%, 80%' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Mark Mastered' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reactivate' })).toHaveLength(3);
    expect(calls.some((c) => c.path === '/api/goals')).toBe(true);
  });

  it("validates the Add Goal form with the spec's messages and creates the goal", async () => {
    let sent: unknown;
    openTab(testUser, { 'POST /api/goals': (body) => ((sent = body), jsonResponse(201, goal('9', 'New', 'active'))) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Goal' }));
    const form = await screen.findByRole('form', { name: 'Add Goal' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Goal' }));
    expect(await within(form).findByText('Goal name is required')).toBeTruthy();
    expect(within(form).getByText('Description is required')).toBeTruthy();
    expect(within(form).getByText('Target criteria is required')).toBeTruthy();
    expect(sent).toBeUndefined();
    expect(within(within(form).getByRole('combobox', { name: 'Goal Type' })).getAllByRole('option')).toHaveLength(7);
  });

  it('toggles status with a PUT of only {status}', async () => {
    const calls = openTab(testUser, { [`PUT /api/goals/${goals[0]!.id}`]: () => jsonResponse(200, { ...goals[0], status: 'mastered' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Mastered' }));
    expect(await screen.findByText('Goal status has been updated.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'mastered' });
  });

  it('asks before deleting a goal', async () => {
    const calls = openTab(testUser, { [`DELETE /api/goals/${goals[2]!.id}`]: () => jsonResponse(200, { ok: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete goal Pausing' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Goal' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal has been removed.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows the recent accuracy, the criterion and the baseline, and draws them on the chart', async () => {
    const measured: Goal = { ...goals[0]!, recentAccuracy: 80, criterionAccuracy: 90, criterionSessions: 3, criterionMaxCue: 'verbal', baseline: { accuracy: 30, date: '2026-02-23' } };
    openTab(testUser, { 'GET /api/goals': () => jsonResponse(200, [measured]) });
    const card = (await screen.findByRole('heading', { name: 'Easy onsets' })).closest('li')!;
    expect(within(card).getByText('Recent accuracy:').parentElement?.textContent).toBe('Recent accuracy: 80%');
    expect(within(card).getByText('Criterion: 90% in 3 consecutive sessions, counting verbal cues or less')).toBeTruthy();
    expect(within(card).getByText('Baseline: 30% on Feb 23, 2026')).toBeTruthy();
    expect(await within(card).findByRole('img', { name: 'Accuracy over 2 sessions: 50%, 80%; baseline 30% on Feb 23, 2026; criterion 90%' })).toBeTruthy();
    // The criterion is not met: no prompt.
    expect(within(card).queryByText('Criterion met – mark as mastered?')).toBeNull();
  });

  it('asks "Criterion met – mark as mastered?" and marks the goal mastered only when asked, with a PUT of only {status}', async () => {
    const met: Goal = { ...goals[0]!, criterionMet: true, criterionAccuracy: 80, criterionSessions: 2 };
    const metOnHold: Goal = { ...goals[2]!, criterionMet: true, criterionAccuracy: 80, criterionSessions: 2 };
    const metMastered: Goal = { ...goals[1]!, criterionMet: true, criterionAccuracy: 80, criterionSessions: 2 };
    const calls = openTab(testUser, {
      'GET /api/goals': () => jsonResponse(200, [met, metOnHold, metMastered]),
      [`PUT /api/goals/${met.id}`]: () => jsonResponse(200, { ...met, status: 'mastered' }),
    });
    await screen.findByRole('heading', { name: 'Easy onsets' });
    // Shown on the active and on-hold goals, not on the one already mastered.
    expect(screen.getAllByText('Criterion met – mark as mastered?')).toHaveLength(2);
    const mastered = screen.getByRole('heading', { name: 'Slow rate' }).closest('li')!;
    expect(within(mastered).queryByRole('group', { name: 'Criterion met' })).toBeNull();
    // Nothing changes by itself.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const card = screen.getByRole('heading', { name: 'Easy onsets' }).closest('li')!;
    fireEvent.click(within(within(card).getByRole('group', { name: 'Criterion met' })).getByRole('button', { name: 'Mark as mastered' }));
    expect(await screen.findByText('Goal status has been updated.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: `/api/goals/${met.id}`, body: { status: 'mastered' } }]);
  });

  it('tells a user who may not manage goals that the criterion is met, without the button', async () => {
    openTab(
      { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canManageGoals: false } },
      { 'GET /api/goals': () => jsonResponse(200, [{ ...goals[0]!, criterionMet: true, criterionAccuracy: 80, criterionSessions: 2 }]) },
    );
    expect(await screen.findByText('Criterion met')).toBeTruthy();
    expect(screen.queryByText('Criterion met – mark as mastered?')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as mastered' })).toBeNull();
  });

  it('hides the goal actions and the chart from a user without those permissions', async () => {
    const calls = openTab({ ...testUser, userType: 'child', permissions: { ...testUser.permissions, canManageGoals: false, canViewReports: false } });
    await screen.findByRole('heading', { name: 'Easy onsets' });
    expect(screen.queryByRole('button', { name: 'Add Goal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Mastered' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/progress')).toBe(false);
  });

  it('shows each goal\'s progress status in words with its basis, trend and projection, and draws the trend and aim lines on its chart (part 4 §7)', async () => {
    const monitored: Goal = {
      ...goals[0]!,
      criterionAccuracy: 90,
      criterionSessions: 3,
      monitoring: {
        status: 'at_risk',
        sessions: 5,
        weeks: 4,
        slopePerWeek: 1.2,
        projectedDate: null,
        aimLine: { from: { date: '2026-03-02', accuracy: 50 }, to: { date: '2026-06-01', accuracy: 90 } },
        trendLine: { from: { date: '2026-03-02', accuracy: 52 }, to: { date: '2026-03-09', accuracy: 53.2 } },
        basis: 'Based on 5 sessions over 4 weeks',
      },
    };
    const insufficient: Goal = { ...goals[2]!, monitoring: { status: 'insufficient_data', sessions: 1, weeks: 0, slopePerWeek: null, projectedDate: null, aimLine: null, trendLine: null, basis: 'Based on 1 session over 0 weeks; a trend needs at least 3 sessions over 3 weeks' } };
    openTab(testUser, {
      'GET /api/goals': () => jsonResponse(200, [monitored, goals[1]!, insufficient]),
      'GET /api/account': () => jsonResponse(200, testAccount('America/New_York')),
    });
    const [first, second] = await screen.findAllByRole('group', { name: 'Progress monitoring' });
    expect(within(first!).getByText('At risk')).toBeTruthy();
    expect(within(first!).getByText('Based on 5 sessions over 4 weeks')).toBeTruthy();
    expect(within(first!).getByText('Trend +1.2 points a week · Not projected')).toBeTruthy();
    expect(within(second!).getByText('Insufficient data')).toBeTruthy();
    expect(within(second!).queryByText(/Trend/)).toBeNull();
    expect(screen.getByText("Each goal's progress status is a signal for you, never a decision.")).toBeTruthy();
    // The chart names both lines in words and draws each as one more line, at the sessions' dates.
    const chart = await screen.findByRole('img', { name: /^Accuracy over 2 sessions: 50%, 80%; criterion 90%; Trend \+1\.2 points a week; Aim line from 50% on Mar 2, 2026 to 90% on Jun 1, 2026$/ });
    expect(chart.querySelector('[data-testid="trend-line"]')).toBeTruthy();
    expect(chart.querySelector('[data-testid="aim-line"]')).toBeTruthy();
  });
});
