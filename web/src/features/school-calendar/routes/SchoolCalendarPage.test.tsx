import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CLOSED_DAYS_JOB_POLL_MS } from '../api/school-calendar.ts';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Closure } from '@caseload/contract/school-year';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const thanksgiving: Closure = { date: '2025-11-27', label: 'Thanksgiving' };

interface Setup {
  user?: CurrentUser;
  /** Answers PUT /api/closures in turn; a thrown TypeError is the network being down. */
  saves?: (() => Response)[];
  accountSaves?: (() => Response)[];
  /** Answers PUT /api/reporting-periods in turn. */
  periodSaves?: (() => Response)[];
  /** Answers PUT /api/school-years in turn. */
  yearSaves?: (() => Response)[];
  /** Answers GET /api/closure-jobs/{jobId} in turn; the last answer repeats. */
  jobPolls?: (() => Response)[];
}

const fall = { name: 'Fall term', start: '2025-08-25', end: '2025-12-19' };

function openCalendar({ user = testUser, saves = [], accountSaves = [], periodSaves = [], yearSaves = [], jobPolls = [] }: Setup = {}) {
  const sent: unknown[] = [];
  const yearsSent: unknown[] = [];
  const accountSent: unknown[] = [];
  const periodsSent: unknown[] = [];
  const fetchMock = mockFetch(({ method, url, init }) => {
    if (url === '/api/user') return jsonResponse(200, user);
    if (url === '/api/account' && method === 'GET') return jsonResponse(200, { id: user.accountId, name: 'Lincoln Elementary', timeZone: 'America/New_York', idleMinutes: 30 });
    if (url === '/api/account' && method === 'PUT') {
      accountSent.push(JSON.parse(String(init.body)));
      return accountSaves.shift()!();
    }
    if (url === '/api/closures' && method === 'GET') return jsonResponse(200, { closures: [thanksgiving] });
    if (url === '/api/closures' && method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return saves.shift()!();
    }
    if (url === '/api/school-years' && method === 'GET') return jsonResponse(200, { schoolYears: [] });
    if (url === '/api/school-years' && method === 'PUT') {
      yearsSent.push(JSON.parse(String(init.body)));
      return yearSaves.shift()!();
    }
    if (url.startsWith('/api/closure-jobs/') && method === 'GET') return (jobPolls.length > 1 ? jobPolls.shift()! : jobPolls[0]!)();
    if (url === '/api/reporting-periods' && method === 'GET') return jsonResponse(200, { periods: [fall], current: fall });
    if (url === '/api/reporting-periods' && method === 'PUT') {
      periodsSent.push(JSON.parse(String(init.body)));
      return periodSaves.shift()!();
    }
    return new Promise<Response>(() => undefined);
  });
  renderApp('/school-calendar');
  return { fetchMock, sent, accountSent, periodsSent, yearsSent };
}

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('School calendar', () => {
  it('keeps every row as typed when the save fails, then saves on retry and says how many sessions were canceled', async () => {
    const { sent } = openCalendar({ saves: [networkDown, () => jsonResponse(200, { closures: [thanksgiving, { date: '2025-12-22', label: 'Winter break' }], canceledSessions: 3 })] });
    const card = await screen.findByRole('region', { name: 'Closures' });
    expect(((await within(card).findByLabelText('Closure 1 label')) as HTMLInputElement).value).toBe('Thanksgiving');

    fireEvent.click(within(card).getByRole('button', { name: 'Add closure' }));
    fireEvent.change(within(card).getByLabelText('Closure 2 date'), { target: { value: '2025-12-22' } });
    fireEvent.change(within(card).getByLabelText('Closure 2 label'), { target: { value: 'Winter break' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save closures' }));

    expect((await within(card).findByRole('alert')).textContent).toContain('Nothing you typed is lost');
    expect((within(card).getByLabelText('Closure 2 date') as HTMLInputElement).value).toBe('2025-12-22');
    expect((within(card).getByLabelText('Closure 2 label') as HTMLInputElement).value).toBe('Winter break');
    expect((within(card).getByLabelText('Closure 1 label') as HTMLInputElement).value).toBe('Thanksgiving');

    fireEvent.click(within(card).getByRole('button', { name: 'Save closures' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Closures saved · 3 sessions canceled');
    expect(within(card).queryByRole('alert')).toBeNull();
    const both = [thanksgiving, { date: '2025-12-22', label: 'Winter break' }];
    expect(sent).toEqual([both, both]);
  });

  it('shows the background cancelling of a large save as a progress bar, polls it, then says how many sessions were canceled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const job = { id: '5b0f6c1e-4f0a-4d5e-9a51-2f3b8c9d0e1f', status: 'running', progress: 0, canceledSessions: 0 };
    const { fetchMock } = openCalendar({
      saves: [() => jsonResponse(200, { closures: [thanksgiving], canceledSessions: 0, job })],
      jobPolls: [() => jsonResponse(200, { ...job, progress: 40, canceledSessions: 104 }), () => jsonResponse(200, { ...job, status: 'done', progress: 100, canceledSessions: 260 })],
    });
    const card = await screen.findByRole('region', { name: 'Closures' });
    await within(card).findByLabelText('Closure 1 label');
    fireEvent.click(within(card).getByRole('button', { name: 'Save closures' }));

    const bar = await within(card).findByRole('progressbar', { name: 'Canceling sessions on closed days' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(within(card).getByText('Canceling sessions on closed days: 0%')).toBeTruthy();
    expect(within(card).getByText('Closures saved')).toBeTruthy();
    // The polls come on the page's interval: the clock is moved, not waited for.
    await act(() => vi.advanceTimersByTimeAsync(CLOSED_DAYS_JOB_POLL_MS));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(within(card).getByText('Canceling sessions on closed days: 40%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CLOSED_DAYS_JOB_POLL_MS));
    expect(await within(card).findByText('Canceling finished · 260 sessions canceled on closed days')).toBeTruthy();
    expect(within(card).queryByRole('progressbar')).toBeNull();
    // Polling stops once the job is done.
    const polls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/closure-jobs/')).length;
    const seen = polls();
    await act(() => vi.advanceTimersByTimeAsync(5 * CLOSED_DAYS_JOB_POLL_MS));
    expect(polls()).toBe(seen);
  });

  it('says in words when the background cancelling failed, and that saving again finishes it', async () => {
    const job = { id: '5b0f6c1e-4f0a-4d5e-9a51-2f3b8c9d0e1f', status: 'running', progress: 0, canceledSessions: 0 };
    openCalendar({
      yearSaves: [() => jsonResponse(200, { schoolYears: [], canceledSessions: 0, job })],
      jobPolls: [() => jsonResponse(200, { ...job, status: 'failed', progress: 50, canceledSessions: 120 })],
    });
    const card = await screen.findByRole('region', { name: 'School years' });
    await within(card).findByText(/No school year yet/);
    fireEvent.click(within(card).getByRole('button', { name: 'Save school years' }));
    // The job is read as soon as the save answers with it.
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Canceling sessions on closed days did not finish.');
    expect(alert.textContent).toContain('120 sessions canceled so far. Your list is saved: press Save school years again to finish canceling the rest.');
  });

  it("checks the rows with the server's schema before sending", async () => {
    const { sent } = openCalendar();
    const card = await screen.findByRole('region', { name: 'Closures' });
    await within(card).findByLabelText('Closure 1 label');
    fireEvent.click(within(card).getByRole('button', { name: 'Add closure' }));
    fireEvent.change(within(card).getByLabelText('Closure 2 date'), { target: { value: thanksgiving.date } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save closures' }));
    expect(await within(card).findByText('Label is required')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Closure 2 label'), { target: { value: 'Again' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save closures' }));
    expect(await within(card).findByText('A date can be closed only once')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Remove closure 2' }));
    expect(within(card).queryByLabelText('Closure 2 date')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("keeps the account's name, time zone and automatic sign-out when the save fails, and saves them on retry", async () => {
    const account = { id: testUser.accountId, name: 'Lincoln District', timeZone: 'America/Los_Angeles', idleMinutes: 15 };
    const { accountSent } = openCalendar({ accountSaves: [networkDown, () => jsonResponse(200, account)] });
    const card = await screen.findByRole('region', { name: 'Account' });
    const name = (await within(card).findByLabelText(/Account name/)) as HTMLInputElement;
    expect(name.value).toBe('Lincoln Elementary');
    const zone = within(card).getByLabelText(/^Time zone/) as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    // The search narrows the list; the chosen zone stays in it until another is picked.
    fireEvent.change(within(card).getByLabelText('Search time zones'), { target: { value: 'los ang' } });
    expect([...zone.options].map((o) => o.value)).toEqual(['America/New_York', 'America/Los_Angeles']);
    fireEvent.change(zone, { target: { value: 'America/Los_Angeles' } });
    fireEvent.change(name, { target: { value: 'Lincoln District' } });
    const idle = within(card).getByLabelText(/^Automatic sign-out/) as HTMLInputElement;
    expect(idle.value).toBe('30');
    // Outside 5–60: the spec's words, and nothing sent.
    fireEvent.change(idle, { target: { value: '90' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save account' }));
    expect(await within(card).findByText('Choose between 5 and 60 minutes')).toBeTruthy();
    expect(accountSent).toEqual([]);
    fireEvent.change(idle, { target: { value: '15' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save account' }));
    expect(await within(card).findByRole('alert')).toBeTruthy();
    expect(name.value).toBe('Lincoln District');
    expect(zone.value).toBe('America/Los_Angeles');
    expect(idle.value).toBe('15');
    fireEvent.click(within(card).getByRole('button', { name: 'Save account' }));
    expect(await within(card).findByText('Account saved')).toBeTruthy();
    expect(accountSent).toEqual([
      { name: 'Lincoln District', timeZone: 'America/Los_Angeles', idleMinutes: 15 },
      { name: 'Lincoln District', timeZone: 'America/Los_Angeles', idleMinutes: 15 },
    ]);
  });

  it("adds, edits and removes reporting periods, refusing overlaps with the server's message before sending, and saves the list with PUT", async () => {
    const spring = { name: 'Spring term', start: '2026-01-05', end: '2026-06-12' };
    const { periodsSent } = openCalendar({ periodSaves: [networkDown, () => jsonResponse(200, { periods: [{ ...fall, name: 'Fall' }, spring], current: { ...fall, name: 'Fall' } })] });
    const card = await screen.findByRole('region', { name: 'Reporting periods' });
    const name1 = (await within(card).findByLabelText('Period 1 name')) as HTMLInputElement;
    expect(name1.value).toBe('Fall term');
    expect(within(card).getByText('Fall term', { selector: 'span' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Add period' }));
    fireEvent.change(within(card).getByLabelText('Period 2 name'), { target: { value: 'Spring term' } });
    fireEvent.change(within(card).getByLabelText('Period 2 start'), { target: { value: '2025-12-19' } });
    fireEvent.change(within(card).getByLabelText('Period 2 end'), { target: { value: '2025-12-01' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save reporting periods' }));
    expect(await within(card).findByText('End date must be on or after the start date')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('Period 2 end'), { target: { value: spring.end } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save reporting periods' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Reporting periods cannot overlap');
    expect(periodsSent).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Period 2 start'), { target: { value: spring.start } });
    fireEvent.change(name1, { target: { value: 'Fall' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save reporting periods' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Nothing you typed is lost');
    expect((within(card).getByLabelText('Period 2 start') as HTMLInputElement).value).toBe(spring.start);
    fireEvent.click(within(card).getByRole('button', { name: 'Save reporting periods' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Reporting periods saved');
    expect(periodsSent).toEqual([[{ ...fall, name: 'Fall' }, spring], [{ ...fall, name: 'Fall' }, spring]]);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove period 1' }));
    expect((within(card).getByLabelText('Period 1 name') as HTMLInputElement).value).toBe('Spring term');
    expect(within(card).queryByLabelText('Period 2 name')).toBeNull();
  });

  it("adds a school year with a winter break, refuses a break outside the year with the server's words, keeps everything typed when the save fails, and saves on retry", async () => {
    const year = { name: '2026–27', firstDay: '2026-09-08', lastDay: '2027-06-15', breaks: [{ name: 'Winter break', start: '2026-12-21', end: '2027-01-01' }] };
    const { yearsSent } = openCalendar({ yearSaves: [networkDown, () => jsonResponse(200, { schoolYears: [year], canceledSessions: 4 })] });
    const card = await screen.findByRole('region', { name: 'School years' });
    expect(await within(card).findByText(/No school year yet/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Add school year' }));
    fireEvent.change(within(card).getByLabelText('School year 1 name'), { target: { value: year.name } });
    fireEvent.change(within(card).getByLabelText('School year 1 first day'), { target: { value: year.firstDay } });
    fireEvent.change(within(card).getByLabelText('School year 1 last day'), { target: { value: year.lastDay } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add break to school year 1' }));
    fireEvent.change(within(card).getByLabelText('School year 1 break 1 name'), { target: { value: 'Winter break' } });
    fireEvent.change(within(card).getByLabelText('School year 1 break 1 start'), { target: { value: '2026-12-21' } });
    fireEvent.change(within(card).getByLabelText('School year 1 break 1 end'), { target: { value: '2027-06-20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save school years' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('A break must be inside its school year');
    expect(yearsSent).toEqual([]);

    fireEvent.change(within(card).getByLabelText('School year 1 break 1 end'), { target: { value: '2027-01-01' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save school years' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Nothing you typed is lost');
    expect((within(card).getByLabelText('School year 1 break 1 name') as HTMLInputElement).value).toBe('Winter break');
    fireEvent.click(within(card).getByRole('button', { name: 'Save school years' }));
    expect((await within(card).findByRole('status')).textContent).toBe('School years saved · 4 sessions canceled');
    expect(yearsSent).toEqual([[year], [year]]);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove school year 1 break 1' }));
    expect(within(card).queryByLabelText('School year 1 break 1 name')).toBeNull();
  });

  it('stacks a period (name over its two dates) on a 390 px phone and puts it on one line from md up', async () => {
    openCalendar();
    const card = await screen.findByRole('region', { name: 'Reporting periods' });
    const row = (await within(card).findByLabelText('Period 1 name')).closest('li')!;
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    const declarations = [...row.classList].flatMap((name) => [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].map((m) => m[1])).join(';');
    expect(declarations).toContain('flex-wrap:wrap');
    expect(declarations).toContain('flex-wrap:nowrap');
  });

  it('tells a user who cannot manage users that the page is not theirs, and hides it from the sidebar', async () => {
    const { fetchMock } = openCalendar({ user: { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canManageUsers: false } } });
    expect(await screen.findByText('You do not have permission to manage the school calendar.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Minutes' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'School Calendar' })).toBeNull();
    // The page asks for nothing it may not read or change.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/closures' || url === '/api/reporting-periods' || url === '/api/school-years')).toBe(false);
  });
});
