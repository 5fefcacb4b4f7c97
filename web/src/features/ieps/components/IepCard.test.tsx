import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Client } from '@caseload/contract/caseload';
import { OVERLAPPING_IEP, type ClientMinutes, type Iep, type OwedMakeup } from '@caseload/contract/school-year';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const clientId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const emma: Client = {
  id: clientId,
  firstName: 'Emma',
  lastInitial: 'S',
  status: 'active',
  gradeLevel: '2',
  icd10Codes: [],
  medicaidEligible: false,
  clinicianIds: [testUser.id],
  createdAt: '2025-08-01T12:00:00.000Z',
  updatedAt: '2025-08-01T12:00:00.000Z',
};

const iep = (over: Partial<Iep> = {}): Iep => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  clientId,
  startDate: '2025-09-01',
  endDate: '2026-08-31',
  nextReviewDate: '2026-05-01',
  status: 'active',
  serviceMinutes: 60,
  servicePer: 'week',
  serviceType: 'individual',
  createdAt: '2025-08-01T12:00:00.000Z',
  updatedAt: '2025-08-01T12:00:00.000Z',
  ...over,
});

const minutes: ClientMinutes = {
  from: '2025-07-01',
  to: '2026-06-30',
  required: 2160,
  requiredToDate: 600,
  delivered: 480,
  makeupsOwed: 1,
  status: 'behind',
  notCounted: [],
  weeks: [
    { start: '2025-09-01', required: 60, delivered: 30 },
    { start: '2025-09-08', required: 60, delivered: 60 },
  ],
};
const makeup: OwedMakeup = { sessionId: 'b0000000-0000-4000-8000-000000000009', scheduledAt: '2025-09-10T13:00:00.000Z', date: '2025-09-10', duration: 30 };

interface Setup {
  user?: CurrentUser;
  ieps?: Iep[];
  /** Answers POST /api/clients/{id}/ieps; records the bodies sent. */
  create?: (body: unknown) => Response;
  /** Answers GET /api/clients/{id} (default: the client). */
  record?: () => Response | Promise<Response>;
}

function openClientPage({ user = testUser, ieps = [], create, record }: Setup = {}) {
  const sent: unknown[] = [];
  const fetchMock = mockFetch(({ method, url, init }) => {
    if (url === '/api/user') return jsonResponse(200, user);
    if (url === '/api/account') return jsonResponse(200, { id: user.accountId, name: 'Lincoln', timeZone: 'America/Chicago' });
    if (url === `/api/clients/${clientId}/ieps` && method === 'GET') return jsonResponse(200, ieps);
    if (url === `/api/clients/${clientId}/ieps` && method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      sent.push(body);
      return create ? create(body) : jsonResponse(200, iep());
    }
    if (url === `/api/clients/${clientId}/service-minutes`) return jsonResponse(200, minutes);
    if (url === `/api/clients/${clientId}/makeups`) return jsonResponse(200, [makeup]);
    if (url === `/api/clients/${clientId}`) return record ? record() : jsonResponse(200, emma);
    if (url === '/api/organizations') return jsonResponse(200, []);
    if (url === `/api/goals?clientId=${clientId}`) return jsonResponse(200, [goal]);
    return new Promise<Response>(() => undefined);
  });
  renderApp(`/clients/${clientId}`);
  return { fetchMock, sent };
}

const goal = {
  id: '44444444-4444-4444-8444-000000000001',
  clientId,
  name: 'Initial /s/ in words',
  type: 'articulation',
  criterionMet: false,
  description: '<p>Produce /s/</p>',
  targetCriteria: '80% accuracy',
  status: 'active',
  createdAt: '2026-03-09T14:00:00.000Z',
  updatedAt: '2026-03-09T14:00:00.000Z',
};

const dialog = () => screen.findByRole('dialog', { name: 'Add IEP' });

describe('client page: goals', () => {
  it('shows the goals on the page itself, at every width, with Add Goal for a user who manages goals', async () => {
    openClientPage();
    const goals = await screen.findByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('heading', { level: 2, name: 'Goals' })).toBeTruthy();
    expect(await within(goals).findByRole('heading', { level: 3, name: 'Initial /s/ in words' })).toBeTruthy();
    expect(within(goals).getByRole('button', { name: 'Add Goal' })).toBeTruthy();
  });
});

describe('client page: IEP card', () => {
  it("shows the client, the current IEP, past IEPs and the school year's minutes with the owed make-up", async () => {
    openClientPage({ ieps: [iep(), iep({ id: 'a0000000-0000-4000-8000-000000000002', startDate: '2024-09-01', endDate: '2025-06-30', status: 'ended', serviceMinutes: 45 })] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Emma S.' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'IEP' });
    expect(await within(card).findByText('60 min per week')).toBeTruthy();
    expect(within(card).getByText('Sep 1, 2025 – Aug 31, 2026')).toBeTruthy();
    expect(within(card).getByText('May 1, 2026')).toBeTruthy();
    const past = within(card).getByRole('list', { name: 'Past IEPs' });
    expect(within(past).getByText(/45 min per week/)).toBeTruthy();

    const service = screen.getByRole('region', { name: 'Service minutes' });
    expect(await within(service).findByText('Behind')).toBeTruthy();
    expect(within(service).getByText('Week of Sep 1, 2025')).toBeTruthy();
    expect(within(service).getByText('30 / 60 min')).toBeTruthy();
    const schedule = await within(service).findByRole('link', { name: /Schedule make-up/ });
    expect(schedule.getAttribute('href')).toBe(`/sessions?schedule=1&clientId=${clientId}&makeupFor=${makeup.sessionId}`);
  });

  it('says a client it cannot read was not found, and a failed read can be tried again', async () => {
    openClientPage({ record: () => jsonResponse(404, { message: 'Client not found' }) });
    expect(await screen.findByText(/This client was not found/)).toBeTruthy();
    cleanup();
    let failing = true;
    openClientPage({ record: () => (failing ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(200, emma)) });
    expect(await screen.findByText(/Could not load the client/)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Emma S.' })).toBeTruthy();
  });

  it("shows the schema's messages on the form and sends nothing until they are fixed", async () => {
    const { sent } = openClientPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add IEP' }));
    const form = await dialog();
    fireEvent.click(within(form).getByRole('button', { name: 'Add IEP' }));
    expect(await within(form).findByText('Start date is required')).toBeTruthy();
    expect(within(form).getByText('End date is required')).toBeTruthy();
    expect(within(form).getByText('Service minutes must be a number')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/Start date/), { target: { value: '2025-09-01' } });
    fireEvent.change(within(form).getByLabelText(/End date/), { target: { value: '2025-08-01' } });
    fireEvent.change(within(form).getByLabelText(/Service minutes/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add IEP' }));
    expect(await within(form).findByText('End date must be after the start date')).toBeTruthy();
    expect(within(form).getByText('Service minutes must be at least 5')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's 409 on the form and keeps what was typed", async () => {
    const { sent } = openClientPage({ create: () => jsonResponse(409, { message: OVERLAPPING_IEP }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add IEP' }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText(/Start date/), { target: { value: '2025-09-01' } });
    fireEvent.change(within(form).getByLabelText(/End date/), { target: { value: '2026-06-30' } });
    fireEvent.change(within(form).getByLabelText(/Service minutes/), { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText(/^Per/), { target: { value: 'month' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add IEP' }));

    expect((await within(form).findByRole('alert')).textContent).toContain('This client already has an active IEP for these dates');
    expect(sent).toEqual([{ startDate: '2025-09-01', endDate: '2026-06-30', status: 'active', serviceMinutes: 120, servicePer: 'month', serviceType: 'either' }]);
    expect((within(form).getByLabelText(/Service minutes/) as HTMLInputElement).value).toBe('120');
    expect((within(form).getByLabelText(/Start date/) as HTMLInputElement).value).toBe('2025-09-01');
    expect(screen.getByRole('dialog', { name: 'Add IEP' })).toBeTruthy();
  });

  it('ends the current IEP today in the account time zone', async () => {
    let put: unknown;
    const fetchMock = openClientPage({ ieps: [iep()] }).fetchMock;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init = {}) => {
      if (String(input).startsWith('/api/ieps/') && init.method === 'PUT') {
        put = JSON.parse(String(init.body));
        return Promise.resolve(jsonResponse(200, { ...iep(), ...(put as object) }));
      }
      return original(input, init);
    });
    const card = await screen.findByRole('region', { name: 'IEP' });
    fireEvent.click(await within(card).findByRole('button', { name: 'End' }));
    fireEvent.click(await screen.findByRole('button', { name: 'End IEP' }));
    await waitFor(() => expect(put).toBeDefined());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    // Ended today; the IEP's own end date stays as written.
    expect(put).toMatchObject({ status: 'ended', endedOn: today, endDate: '2026-08-31', startDate: '2025-09-01' });
  });

  it('hides the write actions from a user who may not edit clients', async () => {
    openClientPage({ user: { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canEditClients: false } }, ieps: [iep()] });
    const card = await screen.findByRole('region', { name: 'IEP' });
    expect(await within(card).findByText('60 min per week')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add IEP' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Edit IEP/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'End' })).toBeNull();
  });
});
