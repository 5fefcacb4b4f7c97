import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import { MAKEUP_ALREADY_SCHEDULED, type OwedMakeup, type SessionSeries } from '@caseload/contract/school-year';
import type { Session } from '@caseload/contract/sessions';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer } from '../../../test/server.ts';
import { findModalDialog } from '../../../test/dialogs.ts';

// Wednesday 11 March 2026, 10:00 local time: the week shown is Monday 9 – Sunday 15 March.
const NOW = new Date(2026, 2, 11, 10, 0);
const local = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).toISOString();
/** The browser's own zone as the account's: the picked wall clock is then what the series gets, on any machine. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

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
const ben: Client = { ...ava, id: '22222222-2222-4222-8222-222222222222', firstName: 'Ben', lastInitial: 'T' };
const seriesId = 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001';

function session(n: number, scheduledAt: string, clients: Client[], extra: Partial<Session> = {}): Session {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
    type: 'therapy',
    status: 'scheduled',
    scheduledAt,
    duration: 30,
    providerId: testUser.id,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    participants: clients.map(({ id, firstName, lastInitial }) => ({ id, firstName, lastInitial })),
    sessionParticipants: clients.map((c) => ({ clientId: c.id, client: c, status: 'scheduled' as const })),
    ...extra,
  };
}

/** Ava's session of Tuesday 3 March, canceled on the school's side: she is owed a make-up. */
const canceled = session(7, local(3, 9), [ava], { status: 'canceled', sessionParticipants: [{ clientId: ava.id, client: ava, status: 'canceled' }] });
const owed: OwedMakeup = { sessionId: canceled.id, scheduledAt: canceled.scheduledAt, date: '2026-03-03', duration: 30 };

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
  idempotencyKey: string | undefined;
}
type Answer = (call: Call) => Response | Promise<Response>;

/** The app over a fake API: `answers` by 'METHOD /path' first, then the reads every screen here makes. */
function serve(answers: Record<string, Answer> = {}, { sessions = [] as Session[], timeZone = BROWSER_ZONE } = {}) {
  const calls: Call[] = [];
  mockFetch(({ method, url, init }) => {
    const { pathname: path, searchParams } = new URL(url, 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = { method, path, query: searchParams.toString(), body: init.body ? JSON.parse(String(init.body)) : undefined, idempotencyKey: headers['Idempotency-Key'] };
    calls.push(call);
    const answer = answers[`${method} ${path}`];
    if (answer) return answer(call);
    if (path === '/api/user') return jsonResponse(200, testUser);
    if (path === '/api/account') return jsonResponse(200, { id: testUser.accountId, name: testUser.accountName, timeZone });
    if (path === '/api/clients') return clientsAnswer(searchParams, [ava, ben]);
    if (path === '/api/clinicians') return jsonResponse(200, [{ id: testUser.id, firstName: 'Jane', lastName: 'Doe', role: 'slp' }]);
    if (path === `/api/clients/${ava.id}/makeups`) return jsonResponse(200, [owed]);
    if (path === `/api/clients/${ben.id}/makeups`) return jsonResponse(200, []);
    if (method === 'GET' && path === '/api/sessions') {
      const from = Date.parse(searchParams.get('from')!);
      const to = Date.parse(searchParams.get('to')!);
      return jsonResponse(200, sessions.filter((s) => Date.parse(s.scheduledAt) >= from && Date.parse(s.scheduledAt) < to));
    }
    const one = sessions.find((s) => path === `/api/sessions/${s.id}`);
    if (method === 'GET' && one) return jsonResponse(200, one);
    if (method === 'GET' && path.startsWith('/api/sessions/')) return jsonResponse(200, []);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  return calls;
}

const sent = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

async function openSchedule() {
  fireEvent.click(await screen.findByRole('button', { name: 'Schedule at Wednesday 10:00 AM' }));
  return screen.findByRole('dialog', { name: 'Schedule New Session' });
}

/** Ticks a client in the dialog's picker (the checkbox reports its change on the next tick). */
async function pick(dialog: HTMLElement, name: RegExp, count: number) {
  fireEvent.click(await within(dialog).findByRole('checkbox', { name }));
  await within(dialog).findByText(`(${count} selected)`);
}

async function turnOnRepeat(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Repeats weekly on' }));
  return within(dialog).findByRole('group', { name: 'Weekdays' });
}

const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Repeats weekly on', () => {
  it('sends one series with the weekdays, the time, the start and the school year’s end, and says how many sessions it scheduled', async () => {
    const calls = serve({ 'POST /api/session-series': () => jsonResponse(201, { created: 46, kept: 0, deleted: 0 }) });
    renderApp('/sessions');
    const dialog = await openSchedule();
    await pick(dialog, /Ava S\./, 1);
    const weekdays = await turnOnRepeat(dialog);
    // The chosen date's weekday (Wednesday) is on to start with; Monday is added.
    expect(pressed(weekdays)).toEqual(['Wed']);
    fireEvent.click(within(weekdays).getByRole('button', { name: 'Mon' }));
    expect((within(dialog).getByLabelText(/^Until/) as HTMLInputElement).value).toBe('2026-06-30');
    // A series has no notes, and a make-up is one session: neither is offered.
    expect(within(dialog).queryByLabelText(/Notes/)).toBeNull();
    expect(within(dialog).queryByLabelText('Make-up for…')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '45 min' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Sessions' }));

    expect(await screen.findByText('Scheduled 46 sessions')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule New Session' })).toBeNull());
    const [post] = sent(calls, 'POST', '/api/session-series');
    expect(post!.body).toEqual({ clientIds: [ava.id], providerId: testUser.id, type: 'therapy', weekdays: [1, 3], time: '10:00', duration: 45, startsOn: '2026-03-11', until: '2026-06-30' });
    expect(post!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent(calls, 'POST', '/api/sessions')).toHaveLength(0);
  });

  it('requires a weekday, with the server’s message, before sending anything', async () => {
    const calls = serve();
    renderApp('/sessions');
    const dialog = await openSchedule();
    await pick(dialog, /Ava S\./, 1);
    const weekdays = await turnOnRepeat(dialog);
    fireEvent.click(within(weekdays).getByRole('button', { name: 'Wed' }));
    expect(pressed(weekdays)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Sessions' }));
    expect(await within(dialog).findByText('Choose at least one weekday')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/session-series')).toHaveLength(0);
  });

  it('keeps the dialog and every field when the network is down, and sends the retry with the same Idempotency-Key', async () => {
    let online = false;
    const calls = serve({
      'POST /api/session-series': () => (online ? jsonResponse(201, { created: 30, kept: 0, deleted: 0 }) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    renderApp('/sessions');
    const dialog = await openSchedule();
    await pick(dialog, /Ben T\./, 1);
    const weekdays = await turnOnRepeat(dialog);
    fireEvent.click(within(weekdays).getByRole('button', { name: 'Fri' }));
    fireEvent.change(within(dialog).getByLabelText(/^Until/), { target: { value: '2026-05-29' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Sessions' }));

    expect(await within(dialog).findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy();
    expect(pressed(weekdays)).toEqual(['Wed', 'Fri']);
    expect((within(dialog).getByLabelText(/^Until/) as HTMLInputElement).value).toBe('2026-05-29');
    expect((within(dialog).getByRole('checkbox', { name: /Ben T\./ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText(/^Time/) as HTMLSelectElement).value).toBe('10:00');

    online = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Sessions' }));
    expect(await screen.findByText('Scheduled 30 sessions')).toBeTruthy();
    const posts = sent(calls, 'POST', '/api/session-series');
    // The first submit's attempts (sent again by the client on a lost network) and the user's retry: one key.
    expect(posts.length).toBeGreaterThan(1);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    expect(posts.at(-1)!.body).toMatchObject({ clientIds: [ben.id], weekdays: [3, 5], until: '2026-05-29' });
  });
});

describe('Make-up for…', () => {
  it('is offered only for one client who is owed a make-up, and goes with the session', async () => {
    const calls = serve({ 'POST /api/sessions': () => jsonResponse(201, session(9, local(11, 10), [ava], { makeupForSessionId: canceled.id })) });
    renderApp('/sessions');
    const dialog = await openSchedule();
    await pick(dialog, /Ben T\./, 1);
    await waitFor(() => expect(calls.some((c) => c.path === `/api/clients/${ben.id}/makeups`)).toBe(true));
    expect(within(dialog).queryByLabelText('Make-up for…')).toBeNull();

    await pick(dialog, /Ava S\./, 2);
    expect(within(dialog).queryByLabelText('Make-up for…')).toBeNull();
    await pick(dialog, /Ben T\./, 1);
    const select = (await within(dialog).findByLabelText('Make-up for…')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Not a make-up', 'Canceled session on Tue, Mar 3 · 30 min']);
    fireEvent.change(select, { target: { value: canceled.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Session' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule New Session' })).toBeNull());
    expect(sent(calls, 'POST', '/api/sessions')[0]!.body).toEqual({
      type: 'therapy',
      clientIds: [ava.id],
      scheduledAt: local(11, 10),
      duration: 30,
      providerId: testUser.id,
      makeupForSessionId: canceled.id,
    });
  });

  it('opens from ?schedule=1&clientId&makeupFor with the client and the make-up chosen, and shows the server’s 409 on the form', async () => {
    const calls = serve({ 'POST /api/sessions': () => jsonResponse(409, { error: 'Conflict', message: MAKEUP_ALREADY_SCHEDULED }) }, { sessions: [canceled] });
    renderApp(`/sessions?schedule=1&clientId=${ava.id}&makeupFor=${canceled.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
    expect(within(dialog).getByText('(1 selected)')).toBeTruthy();
    expect(((await within(dialog).findByRole('checkbox', { name: /Ava S\./ })) as HTMLInputElement).checked).toBe(true);
    const select = (await within(dialog).findByLabelText('Make-up for…')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(canceled.id));
    expect(select.selectedOptions[0]!.text).toBe('Canceled session on Tue, Mar 3 · 30 min');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Session' }));
    expect(await within(dialog).findByText(MAKEUP_ALREADY_SCHEDULED)).toBeTruthy();
    expect(sent(calls, 'POST', '/api/sessions')[0]!.body).toMatchObject({ clientIds: [ava.id], makeupForSessionId: canceled.id });

    // Closing forgets the link, so a reload does not open the dialog again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe(''));
  });
});

describe('series occurrences', () => {
  const series: SessionSeries = {
    id: seriesId,
    clientIds: [ava.id],
    providerId: testUser.id,
    type: 'therapy',
    weekdays: [1, 3],
    time: '20:30',
    duration: 30,
    startsOn: '2026-01-05',
    until: '2026-06-17',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  };
  // 03:30 UTC on Tuesday 10 March is Monday 9 March, 20:30, in the account's zone (Los Angeles).
  const occurrence = session(1, '2026-03-10T03:30:00.000Z', [ava], { seriesId });
  const accountZone = { sessions: [occurrence], timeZone: 'America/Los_Angeles' };

  async function openEdit(answers: Record<string, Answer>) {
    const calls = serve({ [`GET /api/session-series/${seriesId}`]: () => jsonResponse(200, series), ...answers }, accountZone);
    renderApp(`/sessions/${occurrence.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Session' }));
    return { calls, dialog: await findModalDialog('Edit Session') };
  }

  it('"This and following sessions" saves the series from the occurrence’s local date with the form’s time', async () => {
    const { calls, dialog } = await openEdit({ [`PUT /api/session-series/${seriesId}`]: () => jsonResponse(200, { series, created: 10, kept: 1, deleted: 10 }) });
    expect((within(dialog).getByRole('radio', { name: 'This session only' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('This and following sessions'));
    expect(await within(dialog).findByText('Repeats weekly on Mon, Wed until Jun 17, 2026')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Status/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '45 min' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Updated 10 sessions; 1 documented session kept')).toBeTruthy();
    expect(sent(calls, 'PUT', `/api/session-series/${seriesId}`)[0]!.body).toEqual({
      clientIds: [ava.id],
      providerId: testUser.id,
      type: 'therapy',
      weekdays: [1, 3],
      time: '20:30',
      duration: 45,
      startsOn: '2026-01-05',
      until: '2026-06-17',
      from: '2026-03-09',
    });
    expect(sent(calls, 'PUT', `/api/sessions/${occurrence.id}`)).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sessions'));
  });

  it('"This session only" edits just this session', async () => {
    const { calls, dialog } = await openEdit({ [`PUT /api/sessions/${occurrence.id}`]: () => jsonResponse(200, { ...occurrence, duration: 45 }) });
    fireEvent.click(within(dialog).getByRole('button', { name: '45 min' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent(calls, 'PUT', `/api/sessions/${occurrence.id}`)).toHaveLength(1));
    expect(sent(calls, 'PUT', `/api/session-series/${seriesId}`)).toHaveLength(0);
  });

  it('deleting asks which sessions; "This and following sessions" deletes from the local date and reports the counts', async () => {
    const { calls, dialog } = await openEdit({ [`DELETE /api/session-series/${seriesId}`]: () => jsonResponse(200, { created: 0, kept: 3, deleted: 12 }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Session' });
    fireEvent.click(within(confirm).getByLabelText('This and following sessions'));
    await within(confirm).findByText(/except those already documented/);
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted 12 sessions; 3 documented sessions kept')).toBeTruthy();
    const [deleted] = sent(calls, 'DELETE', `/api/session-series/${seriesId}`);
    expect(deleted!.query).toBe('from=2026-03-09');
    expect(sent(calls, 'DELETE', `/api/sessions/${occurrence.id}`)).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sessions'));
  });

  it('deleting "This session only" deletes just this session', async () => {
    const { calls, dialog } = await openEdit({ [`DELETE /api/sessions/${occurrence.id}`]: () => jsonResponse(200, { ok: true }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Session' });
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(calls, 'DELETE', `/api/sessions/${occurrence.id}`)).toHaveLength(1));
    expect(sent(calls, 'DELETE', `/api/session-series/${seriesId}`)).toHaveLength(0);
  });

  it('shows the repeat mark on occurrences and the Make-up badge on make-ups, in the week, the day and the session’s header', async () => {
    const weekly = session(2, local(9, 9), [ava], { seriesId });
    const makeup = session(3, local(9, 11), [ben], { makeupForSessionId: canceled.id });
    const plain = session(4, local(9, 13), [ben]);
    serve({}, { sessions: [weekly, makeup, plain] });
    renderApp('/sessions');
    // The calendar's card (Recent Sessions lists the same sessions without marks).
    const calendar = () => screen.getByRole('heading', { level: 2, name: /March|Mar 9/ }).closest('.chakra-card__root') as HTMLElement;
    const linkTo = (s: Session) => within(calendar()).getAllByRole('link').find((l) => l.getAttribute('href') === `/sessions/${s.id}`)!;
    await screen.findByRole('heading', { level: 2, name: 'Mar 9 - 15, 2026' });
    await within(calendar()).findByRole('link', { name: /Ava S\./ });

    expect(within(linkTo(weekly)).getByRole('img', { name: 'Repeats weekly' })).toBeTruthy();
    expect(within(linkTo(weekly)).queryByText('Make-up')).toBeNull();
    expect(within(linkTo(makeup)).getByText('Make-up')).toBeTruthy();
    expect(within(linkTo(makeup)).queryByRole('img', { name: 'Repeats weekly' })).toBeNull();
    expect(within(linkTo(plain)).queryByRole('img', { name: 'Repeats weekly' })).toBeNull();
    expect(within(linkTo(plain)).queryByText('Make-up')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByRole('heading', { level: 2, name: 'March 2026' });
    expect(within(linkTo(weekly)).getByRole('img', { name: 'Repeats weekly' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open Monday, March 9' }));
    await screen.findByText('3 sessions scheduled');
    const dayLink = linkTo(weekly);
    expect(within(dayLink).getByRole('img', { name: 'Repeats weekly' })).toBeTruthy();
    expect(within(linkTo(makeup)).getByText('Make-up')).toBeTruthy();

    fireEvent.click(dayLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Session Details' });
    expect(within(heading.parentElement!).getByRole('img', { name: 'Repeats weekly' })).toBeTruthy();
  });
});
