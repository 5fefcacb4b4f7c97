import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SsoSettings } from '@caseload/contract/sso';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const stored: SsoSettings = {
  configured: true,
  issuer: 'https://accounts.google.com',
  clientId: 'caseload-client',
  hasClientSecret: true,
  emailDomains: ['district.org'],
  passwordSignIn: 'everyone',
  redirectUri: 'https://caseload.district.org/api/sso/callback',
};

async function openPage(path = '/single-sign-on', answers: Parameters<typeof mockApi>[0] = {}, settings: SsoSettings = stored) {
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(200, testUser), 'GET /api/account/sso': () => jsonResponse(200, settings), ...answers });
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Single sign-on' });
  return fetchMock;
}

describe('the Single sign-on page', () => {
  it('shows the stored settings, the redirect URI to register and that a secret is stored, never the secret', async () => {
    await openPage();
    expect(((await screen.findByLabelText(/^Issuer/)) as HTMLInputElement).value).toBe('https://accounts.google.com');
    expect((screen.getByLabelText(/^Client ID/) as HTMLInputElement).value).toBe('caseload-client');
    expect((screen.getByLabelText(/^Client secret/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A secret is stored. Leave this blank to keep it.')).toBeTruthy();
    expect(screen.getByTestId('redirect-uri').textContent).toBe('https://caseload.district.org/api/sso/callback');
    expect(screen.getByRole('link', { name: 'Test sign-in' }).getAttribute('href')).toBe('/api/sso/start?test=1');
    expect(screen.getAllByRole('link', { name: 'Single sign-on' }).length).toBeGreaterThan(0);
  });

  it('saves without the secret when it is left blank, and with it when typed', async () => {
    const bodies: unknown[] = [];
    await openPage('/single-sign-on', {
      'PUT /api/account/sso': (body) => {
        bodies.push(body);
        return jsonResponse(200, { ...stored, emailDomains: ['district.org', 'staff.district.org'], passwordSignIn: 'owner_only' });
      },
    });
    fireEvent.change(await screen.findByLabelText(/^E-mail domains/), { target: { value: 'district.org, staff.district.org' } });
    fireEvent.change(screen.getByLabelText(/^Password sign-in/), { target: { value: 'owner_only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(bodies[0]).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'caseload-client',
      emailDomains: ['district.org', 'staff.district.org'],
      passwordSignIn: 'owner_only',
    });
    fireEvent.change(screen.getByLabelText(/^Client secret/), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ clientSecret: 'new-secret' });
    await waitFor(() => expect((screen.getByLabelText(/^Client secret/) as HTMLInputElement).value).toBe(''));
  });

  it('refuses an http issuer and no domains before asking the server, with the spec messages', async () => {
    const fetchMock = await openPage();
    fireEvent.change(await screen.findByLabelText(/^Issuer/), { target: { value: 'http://idp.example.org' } });
    fireEvent.change(screen.getByLabelText(/^E-mail domains/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The issuer must use https')).toBeTruthy();
    expect(screen.getByText('Enter 1 to 10 e-mail domains')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's 409 when another district has the domain", async () => {
    await openPage('/single-sign-on', { 'PUT /api/account/sso': () => jsonResponse(409, { message: 'Another district already uses this domain' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(within(await screen.findByRole('alert')).getByText('Another district already uses this domain')).toBeTruthy();
  });

  it('says in words what the test sign-in found', async () => {
    await openPage('/single-sign-on?test=secret');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Test sign-in failed')).toBeTruthy();
    expect(alert.textContent).toContain('The provider refused the client ID or client secret.');
  });

  it('offers no test before anything is configured', async () => {
    await openPage('/single-sign-on', {}, { ...stored, configured: false, issuer: '', clientId: '', hasClientSecret: false, emailDomains: [] });
    expect(await screen.findByText('No secret is stored yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Test sign-in' })).toBeNull();
  });

  it('is the owner\'s alone: another user sees why, and no nav entry', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, { ...testUser, userType: 'child' }) });
    renderApp('/single-sign-on');
    expect(await screen.findByText("Only the account's owner manages single sign-on.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Single sign-on' })).toBeNull();
  });
});
