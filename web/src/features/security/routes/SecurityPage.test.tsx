import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, TrustedDevice } from '@caseload/contract/auth';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const device: TrustedDevice = {
  id: '0b8a4d2e-6f1c-4e3a-9b7d-5c2e1f0a9d8b',
  deviceName: 'Chrome on Windows',
  ipAddress: '203.0.113.7',
  lastUsedAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-16T10:00:00.000Z',
};

/** A signed-in user on /security; `answers` may change `user` in place, as the server would. */
async function openSecurity(user: CurrentUser, answers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(200, user), ...answers });
  renderApp('/security');
  await screen.findByRole('heading', { level: 1, name: 'Security Settings' });
  return fetchMock;
}

describe('two-factor setup', () => {
  it('shows the QR code and key, checks the code, enables and refreshes the user', async () => {
    const user = { ...testUser };
    await openSecurity(user, {
      'POST /api/2fa/setup': () => jsonResponse(200, { qrCode: 'data:image/svg+xml;base64,AAAA', manualKey: 'JBSW Y3DP', secret: 'JBSWY3DP' }),
      'POST /api/2fa/enable': (body) => {
        expect(body).toEqual({ secret: 'JBSWY3DP', token: '123456' });
        user.twoFactorEnabled = true;
        return jsonResponse(200, { ok: true });
      },
      'GET /api/trusted-devices': () => jsonResponse(200, []),
    });

    expect(screen.getByText('Two-factor authentication is not enabled for your account.')).toBeTruthy();
    expect(screen.queryByText('Trusted Devices')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));

    expect((await screen.findByAltText('QR code for your authenticator app')).getAttribute('src')).toBe('data:image/svg+xml;base64,AAAA');
    expect(screen.getByTestId('manual-key').textContent).toBe('JBSW Y3DP');

    const code = screen.getByLabelText('Verification code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('Verification code must be 6 digits')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('Two-factor authentication has been enabled.')).toBeTruthy();
    expect(await screen.findByText('Two-factor authentication is enabled for your account.')).toBeTruthy();
    expect(await screen.findByText('No trusted devices found.')).toBeTruthy();
  });

  it('returns to off on Cancel', async () => {
    await openSecurity(testUser, {
      'POST /api/2fa/setup': () => jsonResponse(200, { qrCode: 'data:image/svg+xml;base64,AAAA', manualKey: 'K', secret: 'K' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toBeTruthy();
  });

  it('says so when setup or the code fails', async () => {
    const answers = [jsonResponse(500, {}), jsonResponse(200, { qrCode: 'data:image/svg+xml;base64,AAAA', manualKey: 'K', secret: 'K' })];
    await openSecurity(testUser, {
      'POST /api/2fa/setup': () => answers.shift()!,
      'POST /api/2fa/enable': () => jsonResponse(400, { message: 'Invalid code' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('Failed to setup 2FA. Please try again.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeTruthy();
  });
});

describe('two-factor on', () => {
  const enabledUser = { ...testUser, twoFactorEnabled: true };

  it('keeps the user signed in and says so when the password is wrong', async () => {
    await openSecurity(enabledUser, {
      'GET /api/trusted-devices': () => jsonResponse(200, []),
      'POST /api/2fa/disable': () => jsonResponse(401, { message: 'Invalid password' }),
    });
    const disable = screen.getByRole('button', { name: 'Disable 2FA' });
    expect(disable.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.click(disable);
    expect(await screen.findByText('Invalid password. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Security Settings' })).toBeTruthy();
  });

  it('disables with the current password', async () => {
    const user = { ...enabledUser };
    await openSecurity(user, {
      'GET /api/trusted-devices': () => jsonResponse(200, []),
      'POST /api/2fa/disable': (body) => {
        expect(body).toEqual({ password: 'Str0ng!Passw0rd' });
        user.twoFactorEnabled = false;
        return jsonResponse(200, { ok: true });
      },
    });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Str0ng!Passw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    expect(await screen.findByText('Two-factor authentication has been disabled.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Enable 2FA' })).toBeTruthy();
  });

  it('lists trusted devices and removes one', async () => {
    const devices = [device];
    const fetchMock = await openSecurity(enabledUser, {
      'GET /api/trusted-devices': () => jsonResponse(200, devices),
      [`DELETE /api/trusted-devices/${device.id}`]: () => {
        devices.pop();
        return jsonResponse(200, { ok: true });
      },
    });
    const row = (await screen.findByText('Chrome on Windows')).closest('li')!;
    expect(within(row).getByText('IP address: 203.0.113.7')).toBeTruthy();
    expect(within(row).getByText(/Last used: Mar 2, 2026 · Expires: Mar 16, 2026/)).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Chrome on Windows' }));
    expect(await screen.findByText('Trusted device removed successfully.')).toBeTruthy();
    expect(await screen.findByText('No trusted devices found.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/trusted-devices')).toHaveLength(2));
  });

  it('says so when a device cannot be removed', async () => {
    await openSecurity(enabledUser, {
      'GET /api/trusted-devices': () => jsonResponse(200, [device]),
      [`DELETE /api/trusted-devices/${device.id}`]: () => jsonResponse(500, {}),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Chrome on Windows' }));
    expect(await screen.findByText('Failed to remove trusted device.')).toBeTruthy();
  });
});
