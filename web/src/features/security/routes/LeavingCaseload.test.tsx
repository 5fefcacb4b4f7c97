import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionDefaults } from '@caseload/contract/enums';
import type { CurrentUser } from '@caseload/contract/auth';
import { dashboardLoading, jsonResponse, mockApi, testAccount, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const DATE = '2027-03-05';
/** The date as this machine's language writes it, as the screen does. */
const shown = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${DATE}T00:00:00Z`));
const BANNER = `This district's data will be deleted on ${shown}`;

const colleague: CurrentUser = { ...testUser, id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', userType: 'child', permissions: { ...permissionDefaults, allowedOrganizationIds: [] } };

async function openSecurity(user: CurrentUser, answers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(200, user), ...answers });
  renderApp('/security');
  await screen.findByRole('heading', { level: 1, name: 'Security Settings' });
  return fetchMock;
}

describe('Leaving Caseload', () => {
  it('asks for the district name, keeps what was typed when the request fails, then shows the date and cancels', async () => {
    let account = testAccount();
    const answers = [() => Promise.reject(new TypeError('offline')), () => jsonResponse(200, (account = { ...account, deletionScheduledFor: DATE }))];
    await openSecurity(testUser, {
      'GET /api/account': () => jsonResponse(200, account),
      'POST /api/account/deletion': (body) => {
        expect(body).toEqual({ confirmName: 'Lincoln Elementary' });
        return answers.shift()!();
      },
      'DELETE /api/account/deletion': () => jsonResponse(200, (account = { ...account, deletionScheduledFor: null })),
    });
    const card = within(await screen.findByRole('region', { name: 'Leaving Caseload' }));
    const field = card.getByLabelText(/District name/);

    fireEvent.change(field, { target: { value: 'Lincoln' } });
    fireEvent.click(card.getByRole('button', { name: "Delete the district's data" }));
    expect(await card.findByText("Type the district's name to confirm")).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Lincoln Elementary' } });
    fireEvent.click(card.getByRole('button', { name: "Delete the district's data" }));
    expect(await card.findByRole('alert')).toBeTruthy();
    expect((card.getByLabelText(/District name/) as HTMLInputElement).value).toBe('Lincoln Elementary');

    fireEvent.click(card.getByRole('button', { name: "Delete the district's data" }));
    expect(await card.findByText(BANNER)).toBeTruthy();
    // The banner every page shows, at once.
    expect((await screen.findByTestId('deletion-banner')).textContent).toContain(BANNER);
    expect(screen.getByTestId('deletion-banner').getAttribute('role')).toBe('status');

    fireEvent.click(card.getByRole('button', { name: 'Cancel the deletion' }));
    expect(await card.findByRole('button', { name: "Delete the district's data" })).toBeTruthy();
    expect(screen.queryByTestId('deletion-banner')).toBeNull();
  });

  it('shows another user the banner on every page but neither card', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, colleague), 'GET /api/account': () => jsonResponse(200, { ...testAccount(), deletionScheduledFor: DATE }), ...dashboardLoading });
    renderApp('/');
    expect((await screen.findByTestId('deletion-banner')).textContent).toContain(BANNER);
  });

  it('hides the owner cards from another user on the Security page', async () => {
    await openSecurity(colleague, { 'GET /api/account': () => jsonResponse(200, { ...testAccount(), deletionScheduledFor: DATE }) });
    expect(await screen.findByTestId('deletion-banner')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Leaving Caseload' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Record retention' })).toBeNull();
  });
});

describe('record retention', () => {
  it('takes 5 to 10 years, says the range otherwise, and keeps the typed value when the save fails', async () => {
    const answers = [() => jsonResponse(400, { message: 'Choose between 5 and 10 years', errors: [{ path: 'retentionYears', message: 'Choose between 5 and 10 years' }] }), () => Promise.reject(new TypeError('offline'))];
    await openSecurity(testUser, {
      'PUT /api/account': (body) => {
        const next = answers.shift();
        if (next) return next();
        expect(body).toEqual({ retentionYears: 9 });
        return jsonResponse(200, { ...testAccount(), retentionYears: 9 });
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Record retention' }));
    const field = card.getByLabelText(/Years to keep records/) as HTMLInputElement;
    expect(field.value).toBe('7');

    fireEvent.change(field, { target: { value: '11' } });
    fireEvent.click(card.getByRole('button', { name: 'Save retention' }));
    expect(await card.findByText('Choose between 5 and 10 years')).toBeTruthy();

    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.click(card.getByRole('button', { name: 'Save retention' }));
    expect(await card.findByText('Choose between 5 and 10 years')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Save retention' }));
    expect(await card.findByRole('alert')).toBeTruthy();
    expect((card.getByLabelText(/Years to keep records/) as HTMLInputElement).value).toBe('9');
    fireEvent.click(card.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Retention saved')).toBeTruthy();
  });
});
