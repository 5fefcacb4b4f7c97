import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@caseload/contract/auth';
import { dashboardLoading, jsonResponse, mockApi, signedOut, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

type LoginAnswer = () => Response;

/** The sign-in page for a visitor, with the login endpoint answering as given. */
async function openSignIn(login: LoginAnswer, verify: LoginAnswer = () => jsonResponse(200, testUser)) {
  const fetchMock = mockApi({ ...dashboardLoading, 'GET /api/user': signedOut, 'POST /api/login': login, 'POST /api/2fa/verify': verify });
  renderApp('/auth');
  await screen.findByRole('tab', { name: 'Sign In' });
  return fetchMock;
}

function signIn(email = 'jane@school.example', password = 'whatever') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('a device where nobody signed in', () => {
  it('shows the sign-in page without asking the server who is signed in (no 401 in the console)', async () => {
    // No hint from the server and nobody remembered on this device.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
    const fetchMock = mockApi({ ...dashboardLoading, 'GET /api/user': signedOut });
    renderApp('/');
    await screen.findByRole('tab', { name: 'Sign In' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user')).toBe(false);
  });

  it('asks once the server has set its hint, and forgets the hint on a 401', async () => {
    const fetchMock = mockApi({ ...dashboardLoading, 'GET /api/user': signedOut });
    renderApp('/');
    await screen.findByRole('tab', { name: 'Sign In' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user')).toBe(true);
    expect(document.cookie).not.toContain(`${SIGNED_IN_HINT_COOKIE}=`);
  });
});

describe('sign in', () => {
  it('validates with the contract schema before calling the server', async () => {
    const fetchMock = await openSignIn(() => jsonResponse(200, testUser));
    signIn('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/login')).toBe(false);
  });

  it("shows the server's message in the failed-attempt banner on a 401", async () => {
    await openSignIn(() => jsonResponse(401, { message: 'Invalid email or password', failedAttempts: 3 }));
    signIn();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Login Failed')).toBeTruthy();
    expect(within(banner).getByText('Invalid email or password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
  });

  it('counts the attempts left when the 401 has no message', async () => {
    await openSignIn(() => jsonResponse(401, { failedAttempts: 3 }));
    signIn();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('3 failed attempts. 7 remaining before lockout.')).toBeTruthy();
  });

  it('locks the form on a 429 and counts down until the lock clears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openSignIn(() => jsonResponse(429, { message: 'Locked', remainingTime: 2 }));
    signIn();

    const button = await screen.findByRole('button', { name: 'Locked - Try again in 0:02' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Account Temporarily Locked')).toBeTruthy();
    expect(screen.getByText('Too many failed login attempts. Please try again in 0 minutes and 2 seconds.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Locked - Try again in 0:01' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Account Temporarily Locked')).toBeNull();
  });

  it('asks for a code when the server requires two-factor, then signs in', async () => {
    const fetchMock = await openSignIn(() => jsonResponse(200, { requiresTwoFactor: true }));
    signIn();

    const dialog = await screen.findByRole('dialog');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    const code = within(dialog).getByLabelText('Verification code');
    fireEvent.change(code, { target: { value: '12345' } });
    expect(verify.hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '123456' } });
    expect(verify.hasAttribute('disabled')).toBe(false);
    const remember = within(dialog).getByLabelText('Remember this device for 2 weeks') as HTMLInputElement;
    fireEvent.click(remember);
    await waitFor(() => expect(remember.checked).toBe(true));
    fireEvent.click(verify);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    const verifyCall = fetchMock.mock.calls.find(([url]) => url === '/api/2fa/verify');
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual({ token: '123456', rememberDevice: true });
  });

  it('tells the user when the code is refused', async () => {
    await openSignIn(
      () => jsonResponse(200, { requiresTwoFactor: true }),
      () => jsonResponse(401, {}),
    );
    signIn();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification failed')).toBeTruthy();
    expect(screen.getByText('Invalid 2FA code. Please try again.')).toBeTruthy();
  });
});

describe('sign up', () => {
  async function openSignUp(register: LoginAnswer) {
    const fetchMock = mockApi({ ...dashboardLoading, 'GET /api/user': signedOut, 'POST /api/register': register });
    renderApp('/auth');
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await screen.findByLabelText('First Name');
    // The Sign In panel stays in the accessibility tree until its closing transition ends.
    await waitFor(() => expect(screen.getAllByRole('tabpanel')).toHaveLength(1));
    return fetchMock;
  }

  /** Only the visible tab panel: the Sign In form stays mounted (hidden) and has its own Email and Password. */
  function fill(values: Record<string, string>) {
    const panel = within(screen.getByRole('tabpanel'));
    for (const [label, value] of Object.entries(values)) fireEvent.change(panel.getByLabelText(label), { target: { value } });
  }

  const valid = {
    'First Name': 'Jane',
    'Last Name': 'Doe',
    Email: 'jane@school.example',
    'Organization Name': 'Lincoln Elementary',
    Password: 'Str0ng!Passw0rd',
    'Confirm Password': 'Str0ng!Passw0rd',
  };

  it('lists the invalid fields and shows each message', async () => {
    await openSignUp(() => jsonResponse(200, testUser));
    fill({ ...valid, Password: 'short', 'Confirm Password': 'Str0ng!Passw0rd!' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Please correct the following fields:')).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters long')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
  });

  it('shows the server text when registration fails', async () => {
    await openSignUp(() => jsonResponse(409, { message: 'An account with this email already exists' }));
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed: An account with this email already exists')).toBeTruthy();
  });

  it('signs the new user in and goes to the dashboard, without sending the confirmation', async () => {
    const fetchMock = await openSignUp(() => jsonResponse(201, testUser));
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'jane@school.example',
      password: 'Str0ng!Passw0rd',
      firstName: 'Jane',
      lastName: 'Doe',
      accountName: 'Lincoln Elementary',
      role: 'slp',
    });
  });
});

describe('single sign-on on the sign-in page', () => {
  it("offers 'Continue with <district>' once an e-mail of an SSO district is typed, and nothing for others", async () => {
    await openSignIn(() => jsonResponse(200, testUser));
    mockApi({
      ...dashboardLoading,
      'GET /api/user': signedOut,
      'GET /api/sso/discover?email=pat%40district.org': () =>
        jsonResponse(200, { sso: true, accountName: 'Cedar Unified', startUrl: '/api/sso/start?email=pat%40district.org' }),
      'GET /api/sso/discover?email=sam%40elsewhere.org': () => jsonResponse(200, { sso: false }),
    });
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'pat@district.org' } });
    fireEvent.blur(email);
    const link = await screen.findByRole('link', { name: 'Continue with Cedar Unified' });
    expect(link.getAttribute('href')).toBe('/api/sso/start?email=pat%40district.org');

    fireEvent.change(email, { target: { value: 'sam@elsewhere.org' } });
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    fireEvent.blur(email);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull());
  });

  it("shows the server's 403 when the district signs in with single sign-on, and the way there", async () => {
    mockApi({
      ...dashboardLoading,
      'GET /api/user': signedOut,
      'POST /api/login': () => jsonResponse(403, { message: 'Your district signs in with single sign-on' }),
      'GET /api/sso/discover?email=jane%40school.example': () =>
        jsonResponse(200, { sso: true, accountName: 'Lincoln Schools', startUrl: '/api/sso/start?email=jane%40school.example' }),
    });
    renderApp('/auth');
    await screen.findByRole('tab', { name: 'Sign In' });
    signIn();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Your district signs in with single sign-on')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Continue with Lincoln Schools' })).toBeTruthy();
  });
});
