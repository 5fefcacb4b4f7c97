import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import type { Session } from '@caseload/contract/sessions';
import { jsonResponse, mockFetch, testAccount, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer } from '../../../test/server.ts';
import { setViewportWidth } from '../../../test/viewport.ts';

// Wednesday 11 March 2026, 10:00 local time: the week shown is Monday 9 – Sunday 15 March.
const NOW = new Date(2026, 2, 11, 10, 0);
const local = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).toISOString();

const ava: Client = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ava',
  lastInitial: 'S',
  gradeLevel: '2',
  status: 'active',
  icd10Codes: [],
  medicaidEligible: false,
  clinicianIds: [],
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
};
const ben: Client = { ...ava, id: '22222222-2222-4222-8222-222222222222', firstName: 'Ben', lastInitial: 'T', gradeLevel: '4' };
const gone: Client = { ...ava, id: '33333333-3333-4333-8333-333333333333', firstName: 'Cara', lastInitial: 'D', status: 'discharged' };
const sam = { id: '44444444-4444-4444-8444-444444444444', firstName: 'Sam', lastName: 'Rivera', role: 'slp' as const };
const clinicians = [{ id: testUser.id, firstName: 'Jane', lastName: 'Doe', role: 'slp' as const }, sam];

function session(id: string, scheduledAt: string, duration: number, clients: Client[], extra: Partial<Session> = {}): Session {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${id.padStart(12, '0')}`,
    type: 'therapy',
    status: 'scheduled',
    scheduledAt,
    duration,
    providerId: '99999999-9999-4999-8999-999999999999',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    participants: clients.map(({ id: cid, firstName, lastInitial }) => ({ id: cid, firstName, lastInitial })),
    sessionParticipants: clients.map((c) => ({ clientId: c.id, client: c, status: 'scheduled' as const })),
    ...extra,
  };
}

const group = session('1', local(9, 9), 45, [ava, ben]);
const week = [
  group,
  session('2', local(9, 9, 30), 60, [ben], { type: 'evaluation' }),
  session('3', local(9, 14), 15, [ava], { type: 'consultation', status: 'completed', notes: 'Parent call' }),
  session('4', local(10, 13), 30, [ben]),
];

interface Setup {
  sessions?: Session[];
  onCreate?: (body: unknown) => Response;
}

function openSessions({ sessions = week, onCreate }: Setup = {}) {
  const fetchMock = mockFetch(({ method, url, init }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (method === 'GET' && pathname === '/api/user') return jsonResponse(200, testUser);
    if (method === 'GET' && pathname === '/api/account') return jsonResponse(200, testAccount());
    if (method === 'GET' && pathname === '/api/clients') return clientsAnswer(searchParams, [ava, ben, gone]);
    if (method === 'GET' && pathname === '/api/clinicians') return jsonResponse(200, clinicians);
    if (method === 'GET' && pathname === '/api/sessions') {
      const from = Date.parse(searchParams.get('from')!);
      const to = Date.parse(searchParams.get('to')!);
      return jsonResponse(
        200,
        sessions.filter((s) => Date.parse(s.scheduledAt) >= from && Date.parse(s.scheduledAt) < to),
      );
    }
    if (method === 'POST' && pathname === '/api/sessions' && onCreate) return onCreate(JSON.parse(String(init.body)));
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderApp('/sessions');
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

// The week grid is large (7 × 19 slot buttons): role queries over it are slow in happy-dom.
describe('Sessions page', () => {
  it('shows the week from Monday, reading only its range, with blocks for each session', async () => {
    const fetchMock = openSessions();
    await screen.findByRole('heading', { level: 1, name: 'Session Management' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mar 9 - 15, 2026' })).toBeTruthy();
    const block = await screen.findByRole('link', { name: /Ava S\., Ben T\./ });
    expect(block.getAttribute('href')).toBe(`/sessions/${group.id}`);
    expect(block.textContent).toContain('Therapy · 45 min');

    const ranges = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/sessions')
      .map((url) => [url.searchParams.get('from'), url.searchParams.get('to')]);
    expect(ranges).toContainEqual([new Date(2026, 2, 9).toISOString(), new Date(2026, 2, 16).toISOString()]);

    // Recent Sessions: real sessions before now, newest first.
    const recent = screen.getByRole('heading', { name: 'Recent Sessions' }).closest('.chakra-card__root') as HTMLElement;
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([week[3]!, week[2]!, week[1]!].map((s) => `/sessions/${s.id}`));
  });

  it('opens Schedule with the clicked slot, requires a client, and sends the session', async () => {
    let sent: unknown;
    openSessions({
      onCreate: (body) => {
        sent = body;
        return jsonResponse(201, session('9', local(11, 10), 30, [ava]));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule at Wednesday 10:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-03-11');
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('10:00');
    const submit = within(dialog).getByRole('button', { name: 'Schedule Session' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByText('Please select at least one client')).toBeTruthy();

    // Only active clients can be picked; each shows its id's first 8 characters.
    await within(dialog).findByText('Ava S.');
    expect(within(dialog).queryByText('Cara D.')).toBeNull();
    expect(within(dialog).getByText('11111111')).toBeTruthy();

    // Changing the date keeps the time of day.
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-12' } });
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('10:00');
    fireEvent.click(within(dialog).getByRole('button', { name: '45 min' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Ava S\./ }));
    // The checkbox reports its change on the next tick.
    await waitFor(() => expect(within(dialog).queryByText('Please select at least one client')).toBeNull());
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule New Session' })).toBeNull());
    expect(sent).toEqual({ type: 'therapy', clientIds: [ava.id], scheduledAt: new Date(2026, 2, 12, 10).toISOString(), duration: 45, providerId: testUser.id });
  });

  it('keeps the dialog open with what was typed and shows the server’s message when scheduling fails', async () => {
    openSessions({ onCreate: () => jsonResponse(400, { message: 'Duration must be at most 240 minutes', errors: [{ path: 'duration', message: 'Duration must be at most 240 minutes' }] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('09:00');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Ben T\./ }));
    await within(dialog).findByText('(1 selected)');
    fireEvent.change(within(dialog).getByLabelText(/Notes/), { target: { value: 'Bring the picture cards' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Session' }));
    expect(await within(dialog).findByText('Duration must be at most 240 minutes')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Notes/) as HTMLTextAreaElement).value).toBe('Bring the picture cards');
  });

  it('checks the duration with the contract before sending', async () => {
    const onCreate = vi.fn(() => jsonResponse(201, group));
    openSessions({ onCreate });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Ava S\./ }));
    await within(dialog).findByText('(1 selected)');
    fireEvent.change(within(dialog).getByLabelText(/^Duration \(minutes\)/), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Session' }));
    expect(await within(dialog).findByText('Duration must be at most 240 minutes')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('shows at most two sessions per day in the month, then +N more, which opens the day', async () => {
    openSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'March 2026' })).toBeTruthy();
    const more = await screen.findByRole('button', { name: '+1 more on Monday, March 9' });
    fireEvent.click(more);
    expect(await screen.findByText('3 sessions scheduled')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Monday, March 9, 2026' })).toBeTruthy();
    expect(screen.getByText('Parent call')).toBeTruthy();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it('says what the month chips\' colours mean', async () => {
    openSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    const legend = await screen.findByRole('list', { name: 'Colours of the sessions' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Scheduled', 'Completed', 'Canceled / No Show', 'Rescheduled']);
  });

  it('fits the month to a phone: each day a button with its count, opening the day', async () => {
    setViewportWidth(390);
    openSessions();
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    const day = await screen.findByRole('button', { name: 'Open Monday, March 9: 3 sessions' });
    // No chips to scroll sideways for: the day opens in the Day view.
    expect(screen.queryByRole('button', { name: '+1 more on Monday, March 9' })).toBeNull();
    fireEvent.click(day);
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, March 9, 2026' })).toBeTruthy();
    expect(await screen.findByText('3 sessions scheduled')).toBeTruthy();
  });

  it('shows one day with Previous and Next instead of the week below 600 px', async () => {
    setViewportWidth(390);
    const fetchMock = openSessions();
    expect(await screen.findByRole('heading', { level: 2, name: 'Wednesday, March 11, 2026' })).toBeTruthy();
    const views = screen.getByRole('group', { name: 'Calendar view' });
    expect(within(views).getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['Month', 'false'],
      ['Day', 'true'],
    ]);
    expect(screen.queryByRole('button', { name: /^Schedule at Monday/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, March 9, 2026' })).toBeTruthy();
    expect(await screen.findByText('3 sessions scheduled')).toBeTruthy();
    const ranges = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/sessions')
      .map((url) => [url.searchParams.get('from'), url.searchParams.get('to')]);
    expect(ranges).toContainEqual([new Date(2026, 2, 9).toISOString(), new Date(2026, 2, 10).toISOString()]);
  });

  it('says why a session was canceled in the week, the month and the day', async () => {
    const closed = session('5', local(12, 9), 30, [ava], { status: 'canceled', cancelReason: 'school_closure' });
    const providerOut = session('6', local(12, 11), 30, [ben], { status: 'canceled', cancelReason: 'provider_unavailable' });
    openSessions({ sessions: [closed, providerOut] });
    const block = await screen.findByRole('link', { name: /Ben T\./ });
    expect(block.textContent).toContain('Canceled: Provider unavailable · 30 min');

    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByRole('heading', { level: 2, name: 'March 2026' });
    expect(await screen.findByRole('link', { name: /Ava S\.\s*, Canceled: School closure$/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open Thursday, March 12' }));
    expect(await screen.findByText('2 sessions scheduled')).toBeTruthy();
    expect(screen.getByText('Canceled: School closure')).toBeTruthy();
    expect(screen.getByText('Canceled: Provider unavailable')).toBeTruthy();
  });

  it('says when nothing is scheduled', async () => {
    openSessions({ sessions: [] });
    expect(await screen.findByText('No sessions scheduled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Your First Session' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule New Session' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recent Sessions' })).toBeNull();
  });
});

describe('whose sessions', () => {
  afterEach(() => localStorage.clear());

  /** The providerId of each week read (the recent-sessions read spans months). */
  const weekReads = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/sessions' && Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!) <= 7 * 86_400_000)
      .map((url) => url.searchParams.get('providerId'));

  it('opens on My caseload for a clinician with clients, widens to All clients, then to one clinician, in the URL', async () => {
    const mine = { ...ava, clinicianIds: [testUser.id] };
    const fetchMock = mockFetch(({ url }) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/user') return jsonResponse(200, testUser);
      if (pathname === '/api/account') return jsonResponse(200, testAccount());
      if (pathname === '/api/clients') return clientsAnswer(searchParams, [mine, ben]);
      if (pathname === '/api/clinicians') return jsonResponse(200, clinicians);
      if (pathname === '/api/sessions') return jsonResponse(200, []);
      return jsonResponse(404, { message: 'unexpected' });
    });
    renderApp('/sessions');
    expect(await screen.findByRole('button', { name: 'My caseload', pressed: true })).toBeTruthy();
    await waitFor(() => expect(weekReads(fetchMock)).toEqual(['me']));
    // Only 'All clients' offers the clinician filter.
    expect(screen.queryByLabelText('Clinician')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'All clients' }));
    await waitFor(() => expect(weekReads(fetchMock).at(-1)).toBe('all'));
    const filter = (await screen.findByLabelText('Clinician')) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['All clinicians', 'Jane Doe (you)', 'Sam Rivera']);
    fireEvent.change(filter, { target: { value: sam.id } });
    await waitFor(() => expect(weekReads(fetchMock).at(-1)).toBe(sam.id));
    expect(screen.getByTestId('location-search').textContent).toBe(`?providerId=${sam.id}`);
    expect(localStorage.getItem(`caseload:scope:${testUser.id}`)).toBe('all');
  });
});
