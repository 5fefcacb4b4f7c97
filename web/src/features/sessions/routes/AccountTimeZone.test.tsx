import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import { instantAt, wallClock } from '@caseload/contract/wall-clock';
import { jsonResponse, pending, testAccount, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer, mockRoutes, type RouteRequest } from '../../../test/server.ts';
import { testSession } from '../test/fixtures.ts';

/**
 * Part 4 §1.6: every screen shows and takes times in the account's time zone, not the browser's.
 * The account is in Los Angeles (Tokyo if this machine's clock reads Los Angeles' anyway), so on
 * any machine the two zones' clocks differ and a time read in the browser's zone shows.
 */
const differsFromBrowser = (zone: string) => {
  const probe = Date.parse('2026-03-11T17:00:00Z');
  return wallClock(probe, zone).time !== format(probe, 'HH:mm');
};
const ZONE = ['America/Los_Angeles', 'Asia/Tokyo'].find(differsFromBrowser)!;
/** An instant given as the account's wall clock on a day of March 2026. */
const accountTime = (day: number, time: string) => instantAt(`2026-03-${String(day).padStart(2, '0')}`, time, ZONE);

const ava: Client = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ava',
  lastInitial: 'S',
  gradeLevel: '2',
  status: 'active',
  icd10Codes: [],
  medicaidEligible: false,
  clinicianIds: [testUser.id],
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
};
const ben: Client = { ...ava, id: '22222222-2222-4222-8222-222222222222', firstName: 'Ben', lastInitial: 'T' };

/** Wednesday 11 March, 8:00 AM, and Tuesday 10 March, 8:30 PM, in the account's zone. */
const morning = testSession([ava], testUser.id, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000011', scheduledAt: accountTime(11, '08:00'), status: 'scheduled' }, 'scheduled');
const evening = testSession([ben], testUser.id, { id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000012', scheduledAt: accountTime(10, '20:30'), status: 'scheduled' }, 'scheduled');
const sessions = [morning, evening];

const inRange = ({ query }: RouteRequest) => {
  const from = Date.parse(query.get('from')!);
  const to = Date.parse(query.get('to')!);
  return jsonResponse(200, sessions.filter((s) => Date.parse(s.scheduledAt) >= from && Date.parse(s.scheduledAt) < to));
};

function serve(extra: Parameters<typeof mockRoutes>[0] = {}) {
  return mockRoutes({
    'GET /api/user': () => jsonResponse(200, testUser),
    'GET /api/account': () => jsonResponse(200, testAccount(ZONE)),
    'GET /api/clients': ({ query }) => clientsAnswer(query, [ava, ben]),
    'GET /api/clinicians': () => jsonResponse(200, [{ id: testUser.id, firstName: 'Jane', lastName: 'Doe', role: 'slp' }]),
    'GET /api/sessions': inRange,
    // The session form's owed make-ups of the chosen student, and the dashboard's other cards (left loading).
    [`GET /api/clients/${ava.id}/makeups`]: () => jsonResponse(200, []),
    [`GET /api/clients/${ben.id}/makeups`]: () => jsonResponse(200, []),
    'GET /api/signatures/pending': pending,
    'GET /api/activities': pending,
    'GET /api/service-minutes/summary': pending,
    ...Object.fromEntries(
      sessions.flatMap((s) => [
        [`GET /api/sessions/${s.id}`, () => jsonResponse(200, s)],
        [`GET /api/sessions/${s.id}/client-goals`, () => jsonResponse(200, [])],
        [`GET /api/sessions/${s.id}/notes`, () => jsonResponse(200, [])],
        [`GET /api/sessions/${s.id}/progress`, () => jsonResponse(200, [])],
      ]),
    ),
    ...extra,
  });
}

const setNow = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

afterEach(() => vi.useRealTimers());

describe('times in the account’s time zone', () => {
  // Wednesday 11 March 2026, 10:00 in the account's zone: the week of Monday 9 March.
  beforeEach(() => setNow(accountTime(11, '10:00')));

  it('the calendar puts each session on its day in the account’s zone, at the account’s time', async () => {
    serve();
    renderApp('/sessions');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mar 9 - 15, 2026' })).toBeTruthy();

    // Recent Sessions (both are before now) write the account's times too.
    const recent = (await screen.findByRole('heading', { name: 'Recent Sessions' })).closest('.chakra-card__root') as HTMLElement;
    expect(within(recent).getByText(/Wed, Mar 11 · 8:00 AM/)).toBeTruthy();
    expect(within(recent).getByText(/Tue, Mar 10 · 8:30 PM/)).toBeTruthy();

    const calendar = screen.getByRole('region', { name: 'Calendar' });
    fireEvent.click(within(calendar).getByRole('button', { name: 'Day' }));
    expect(await within(calendar).findByRole('heading', { level: 2, name: 'Wednesday, March 11, 2026' })).toBeTruthy();
    const morningLink = await within(calendar).findByRole('link', { name: /Ava S\./ });
    expect(morningLink.textContent).toContain('8:00 AM · Therapy · 30 min');
    // The evening session is Tuesday's in the account's zone, whatever day it is in the browser's.
    expect(within(calendar).getByText('1 session scheduled')).toBeTruthy();
    expect(within(calendar).queryByRole('link', { name: /Ben T\./ })).toBeNull();

    fireEvent.click(within(calendar).getByRole('button', { name: 'Month' }));
    const tuesday = (await within(calendar).findByRole('button', { name: 'Open Tuesday, March 10' })).closest('[role="cell"]') as HTMLElement;
    expect(await within(tuesday).findByText('8:30 PM Ben T.')).toBeTruthy();
    const wednesday = within(calendar).getByRole('button', { name: 'Open Wednesday, March 11' }).closest('[role="cell"]') as HTMLElement;
    expect(within(wednesday).getByText('8:00 AM Ava S.')).toBeTruthy();
  });

  it('the session form takes 8:00 AM as the account’s 8:00 and sends that instant', async () => {
    let sent: unknown;
    serve({
      'POST /api/sessions': ({ body }) => {
        sent = body;
        return jsonResponse(201, { ...morning, id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000013' });
      },
    });
    renderApp('/sessions');
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule at Thursday 8:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-03-12');
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('08:00');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Ava S\./ }));
    const submit = within(dialog).getByRole('button', { name: 'Schedule Session' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ clientIds: [ava.id], scheduledAt: accountTime(12, '08:00') });
  });

  it('the session page and the edit form show the session at the account’s 8:00 AM, and an unchanged save keeps its instant', async () => {
    let sent: unknown;
    serve({
      [`PUT /api/sessions/${morning.id}`]: ({ body }) => {
        sent = body;
        return jsonResponse(200, morning);
      },
    });
    renderApp(`/sessions/${morning.id}`);
    expect(await screen.findByText('Wednesday, March 11, 2026 at 8:00 AM')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-03-11');
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('08:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ scheduledAt: morning.scheduledAt });
  });
});

describe('the dashboard’s today', () => {
  // Tuesday 10 March, 11:00 PM in the account's zone: already Wednesday in many browsers' zones.
  beforeEach(() => setNow(accountTime(10, '23:00')));

  it('is the account’s day, with the account’s times', async () => {
    const calls = serve({ 'GET /api/dashboard/stats': () => new Promise<Response>(() => undefined) });
    renderApp('/');
    const rows = await screen.findAllByTestId('today-session');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Ben T.')).toBeTruthy();
    expect(within(rows[0]!).getByText('8:30 PM')).toBeTruthy();

    const read = calls.mock.calls.map(([input]) => new URL(String(input), 'http://app.test')).find((url) => url.pathname === '/api/sessions')!;
    expect([read.searchParams.get('from'), read.searchParams.get('to')]).toEqual([accountTime(10, '00:00'), accountTime(11, '00:00')]);
  });
});
