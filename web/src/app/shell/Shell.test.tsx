import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Activity } from '@caseload/contract/caseload';
import { dashboardLoading, jsonResponse, mockApi, pending, testUser } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';

/** These tests are about the shell around the dashboard: its own reads keep loading. */
const dashboard = dashboardLoading;

function signedIn(activities: Activity[] = [], signIns: Activity[] = []) {
  let user: typeof testUser | null = testUser;
  return mockApi({
    ...dashboard,
    // The session page the navigation test opens, left loading: the test is about the shell.
    'GET /api/sessions/5f0e': pending,
    'GET /api/user': () => (user ? jsonResponse(200, user) : jsonResponse(401, {})),
    'GET /api/activities?scope=mine&kind=work': () => jsonResponse(200, activities),
    'GET /api/activities?scope=mine&kind=sign-ins': () => jsonResponse(200, signIns),
    'POST /api/logout': () => {
      user = null;
      return jsonResponse(200, { ok: true });
    },
  });
}

/** happy-dom applies media queries to its viewport; the menu button shows only below the lg breakpoint. */
describe('shell', () => {
  it('lists every section and marks the current one', async () => {
    signedIn();
    renderApp('/sessions/5f0e');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(labels).toEqual(['Dashboard', 'Clients', 'Sessions', 'Minutes', 'Progress Notes', 'Reports', 'Service log', 'Organizations', 'User Management', 'School Calendar', 'Roster import', 'Security', 'Single sign-on']);
    expect(within(nav).getByRole('link', { name: 'Sessions' }).getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByRole('banner')).getByText('Sessions')).toBeTruthy();

    fireEvent.click(within(nav).getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Settings' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Sessions' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows a child user only the sections their permissions allow", async () => {
    const child = {
      ...testUser,
      userType: 'child' as const,
      permissions: { ...testUser.permissions, canViewReports: false, canViewProgressNotes: false, canManageUsers: false },
    };
    mockApi({ ...dashboard, 'GET /api/user': () => jsonResponse(200, child), 'GET /api/activities?scope=mine&kind=work': () => jsonResponse(200, []) });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Clients', 'Sessions', 'Minutes', 'Organizations', 'Security']);
  });

  it('shows a child user with reports, notes and user management those sections', async () => {
    const child = { ...testUser, userType: 'child' as const, permissions: { ...testUser.permissions, canViewReports: true, canViewProgressNotes: true, canManageUsers: true } };
    mockApi({ ...dashboard, 'GET /api/user': () => jsonResponse(200, child), 'GET /api/activities?scope=mine&kind=work': () => jsonResponse(200, []) });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Clients',
      'Sessions',
      'Minutes',
      'Progress Notes',
      'Reports',
      'Service log',
      'Organizations',
      'User Management',
      'School Calendar',
      'Roster import',
      'Security',
    ]);
  });

  it('opens the mobile menu and closes it with Escape', async () => {
    setViewportWidth(375);
    signedIn();
    renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'Open navigation menu' });
    // Off-screen links must not be reachable until the menu opens.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("shows the user's recent work from the bell, and sign-ins behind the switch", async () => {
    signedIn(
      [{ id: 'a1', at: new Date().toISOString(), action: 'client.created', summary: 'Added a client', actorName: 'Jane Doe' }],
      [{ id: 'a2', at: new Date().toISOString(), action: 'auth.login', summary: 'Signed in', actorName: 'Jane Doe' }],
    );
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Recent activity' });
    expect(await within(panel).findByText('Added a client')).toBeTruthy();
    expect(within(panel).getByText(/Jane Doe · less than a minute ago/)).toBeTruthy();
    expect(within(panel).queryByText('Signed in')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Activity', pressed: true })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Sign-ins' }));
    expect(await within(panel).findByText('Signed in')).toBeTruthy();
    expect(within(panel).queryByText('Added a client')).toBeNull();
  });

  it("says 'No recent activity' when there is none", async () => {
    signedIn([]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No recent activity')).toBeTruthy();
  });

  it('goes to the security settings from the settings button', async () => {
    signedIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Settings' })).toBeTruthy();
  });

  it('signs out and returns to the sign-in page', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetchMock = signedIn();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(true);
  });

  it("warns 2 minutes before the account's automatic sign-out, keeps the person signed in on 'Stay signed in', and signs out when nobody answers", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    localStorage.setItem('left-by-an-earlier-page', 'x');
    const fetchMock = signedIn();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign Out' });
    const userReads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user').length;
    const readsBefore = userReads();

    // 26 minutes of the 30 without use: no warning yet.
    await act(() => vi.advanceTimersByTimeAsync(26 * 60_000));
    expect(screen.queryByRole('alertdialog', { name: 'You will be signed out in 2 minutes' })).toBeNull();
    // Within the last 2 minutes before the device's deadline (never later than the server's): the warning.
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    const warning = await screen.findByRole('alertdialog', { name: 'You will be signed out in 2 minutes' });
    fireEvent.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The server heard of it: its idle time starts again too.
    expect(userReads()).toBeGreaterThan(readsBefore);

    // Nobody answers this time: signed out, and the device cleared.
    await act(() => vi.advanceTimersByTimeAsync(28 * 60_000));
    await screen.findByRole('alertdialog', { name: 'You will be signed out in 2 minutes' });
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(true));
    expect(localStorage.getItem('left-by-an-earlier-page')).toBeNull();
  });

  it('counts any use of the app as activity, so a working person is never warned', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    signedIn();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign Out' });
    for (let minute = 0; minute < 40; minute += 5) {
      await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      fireEvent.keyDown(document.body, { key: 'a' });
    }
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});
