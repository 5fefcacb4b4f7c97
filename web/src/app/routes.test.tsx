import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardLoading, jsonResponse, mockApi, pending, signedOut, testUser } from '../test/fetch.ts';
import { renderApp } from '../test/render.tsx';

describe('protected routes', () => {
  it('shows a centred spinner while the session loads', async () => {
    mockApi({ 'GET /api/user': pending });
    renderApp('/clients');
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/clients');
  });

  it('sends a visitor without a session to /auth', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    mockApi({ 'GET /api/user': signedOut });
    renderApp('/clients');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth');
    expect(log).toHaveBeenCalledWith('Session expired - redirecting to login');
  });

  it('shows the page in the shell for a signed-in user', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, testUser) });
    renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Settings' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    // The user's own role, as the users page names it.
    expect(screen.getByText('Speech-Language Pathologist')).toBeTruthy();
  });

  it("names an administrator's role in the sidebar, not a clinician's", async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, { ...testUser, role: 'admin' }) });
    renderApp('/security');
    await screen.findByRole('heading', { level: 1, name: 'Security Settings' });
    expect(screen.getByText('Administrator')).toBeTruthy();
    expect(screen.queryByText(/Pathologist/)).toBeNull();
  });

  it('sends a signed-in user who opens /auth to the dashboard', async () => {
    // The dashboard's own reads keep loading: this test is about where the user lands.
    mockApi({
      ...dashboardLoading,
      'GET /api/user': () => jsonResponse(200, testUser),
    });
    renderApp('/auth');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Sign In' })).toBeNull();
  });

  it('shows the sign-in page to a visitor at /auth', async () => {
    mockApi({ 'GET /api/user': signedOut });
    renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByText(/HIPAA-compliant/)).toBeTruthy();
  });

  it('shows the not-found page for an unknown path', () => {
    renderApp('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});
