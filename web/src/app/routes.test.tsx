import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signedOut, testUser } from '../test/fetch.ts';
import { renderApp } from '../test/render.tsx';

describe('protected routes', () => {
  it('shows a centred spinner while the session loads', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderApp('/clients');
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/clients');
  });

  it('sends a visitor without a session to /auth', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    mockFetch(signedOut);
    renderApp('/clients');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth');
    expect(log).toHaveBeenCalledWith('Session expired - redirecting to login');
  });

  it('shows the page in the shell for a signed-in user', async () => {
    mockFetch(() => jsonResponse(200, testUser));
    renderApp('/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Management' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('Speech Pathologist')).toBeTruthy();
  });

  it('sends a signed-in user who opens /auth to the dashboard', async () => {
    mockFetch(() => jsonResponse(200, testUser));
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the sign-in page to a visitor at /auth', async () => {
    mockFetch(signedOut);
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
