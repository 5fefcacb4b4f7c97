import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MinutesRow } from '@caseload/contract/school-year';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';

const row = (n: number, firstName: string, over: Partial<MinutesRow>): MinutesRow => ({
  clientId: `00000000-0000-4000-8000-00000000000${n}`,
  firstName,
  lastInitial: 'S',
  required: 2160,
  requiredToDate: 600,
  delivered: 600,
  makeupsOwed: 0,
  notCounted: [],
  status: 'on_track',
  ...over,
});
const rows = [
  row(1, 'Cara', { delivered: 300, status: 'behind', makeupsOwed: 2, nextReviewDate: '2026-04-10' }),
  row(2, 'Adam', { delivered: 570, nextReviewDate: '2026-03-01', nextEvaluationDate: '2027-01-15' }),
  row(3, 'Beth', { requiredToDate: 0, required: 0, delivered: 0, status: 'no_iep' }),
];

/** Answers the page's reads (`answer`: the rows); renders the page at `path`. */
function openMinutes(path: string, answer: MinutesRow[] = rows) {
  const fetchMock = mockFetch(({ url }) => {
    if (url === '/api/user') return jsonResponse(200, testUser);
    if (url === '/api/account') return jsonResponse(200, { id: testUser.accountId, name: 'Lincoln', timeZone: 'America/New_York' });
    if (url.startsWith('/api/service-minutes/export')) return new Response('Student,Required\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    if (url.startsWith('/api/service-minutes?')) return jsonResponse(200, answer);
    return new Promise<Response>(() => undefined);
  });
  renderApp(path);
  return fetchMock;
}

const names = () => screen.getAllByTestId('minutes-row').map((tr) => within(tr).getByRole('link').textContent);

describe('Minutes page', () => {
  it("lists the caseload's rows with a bar, the figures and the status, each name linking to the client", async () => {
    const fetchMock = openMinutes('/minutes?assignedTo=me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Minutes' })).toBeTruthy();
    await screen.findAllByTestId('minutes-row');
    expect(names()).toEqual(['Adam S.', 'Beth S.', 'Cara S.']);
    const cara = screen.getAllByTestId('minutes-row')[2]!;
    expect(within(cara).getByText('300 / 600 min')).toBeTruthy();
    expect(within(cara).getByText('50% of required to date')).toBeTruthy();
    expect(within(cara).getByText('Behind')).toBeTruthy();
    expect(within(cara).getByText('Apr 10, 2026')).toBeTruthy();
    expect(within(cara).getByRole('link', { name: 'Cara S.' }).getAttribute('href')).toBe('/clients/00000000-0000-4000-8000-000000000001');
    // Without an IEP nothing is required: no bar (it would read as met), the minutes delivered and "No IEP".
    const beth = screen.getAllByTestId('minutes-row')[1]!;
    expect(within(beth).getByText('0 min delivered')).toBeTruthy();
    expect(within(beth).queryByText(/\/ 0 min/)).toBeNull();
    expect(within(beth).getAllByText('No IEP').length).toBeGreaterThan(0);
    // The school year is the server's default period: no dates are sent.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/service-minutes?assignedTo=me')).toBe(true);
  });

  it('without a school year, says so in the spec’s words and shows no required number', async () => {
    openMinutes('/minutes?assignedTo=me', [row(1, 'Cara', { required: null, requiredToDate: null, delivered: 90, status: 'no_school_year' })]);
    expect(await screen.findByText('Set the school year on the School Calendar page to see required minutes')).toBeTruthy();
    const cara = (await screen.findAllByTestId('minutes-row'))[0]!;
    expect(within(cara).getByText('90 min delivered')).toBeTruthy();
    expect(within(cara).getByText('No school year set')).toBeTruthy();
    // Required and required to date (the third and fourth cells) show a dash, never a number.
    expect(within(cara).getAllByRole('cell').slice(2, 4).map((cell) => cell.textContent)).toEqual(['—', '—']);
    expect(within(cara).queryByText(/\d+ \/ \d+ min/)).toBeNull();
  });

  it('sorts by a column, and the other way on a second click', async () => {
    openMinutes('/minutes?assignedTo=me');
    await screen.findAllByTestId('minutes-row');
    fireEvent.click(screen.getByRole('button', { name: /Delivered %/ }));
    // Cara 50%, Adam 95%; Beth has nothing required and goes last.
    await waitFor(() => expect(names()).toEqual(['Cara S.', 'Adam S.', 'Beth S.']));
    expect(screen.getByRole('columnheader', { name: /Delivered %/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Delivered %/ }));
    await waitFor(() => expect(names()).toEqual(['Adam S.', 'Cara S.', 'Beth S.']));
    expect(screen.getByTestId('location-search').textContent).toContain('sort=delivered&dir=desc');
  });

  it('at 390 px shows each student as a card with every figure labelled, sorted with a menu and an order button', async () => {
    setViewportWidth(390);
    openMinutes('/minutes?assignedTo=me');
    await screen.findAllByTestId('minutes-row');
    expect(screen.queryByRole('table')).toBeNull();
    const cara = screen.getAllByTestId('minutes-row')[2]!;
    const facts = Object.fromEntries(within(cara).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(facts).toMatchObject({ 'Required to date': '600', 'Next review': 'Apr 10, 2026' });
    expect(Object.keys(facts)).toEqual(['Required', 'Required to date', 'Delivered', 'Make-ups owed', 'Next review', 'Next evaluation']);
    expect(within(cara).getByText('Behind')).toBeTruthy();
    expect(within(cara).getByText('50% of required to date')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'delivered' } });
    await waitFor(() => expect(names()).toEqual(['Cara S.', 'Adam S.', 'Beth S.']));
    fireEvent.click(screen.getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(names()).toEqual(['Adam S.', 'Cara S.', 'Beth S.']));
    expect(screen.getByRole('button', { name: 'Descending' })).toBeTruthy();
    expect(screen.getByTestId('location-search').textContent).toContain('sort=delivered&dir=desc');
  });

  it('opens sorted by next review from the dashboard link', async () => {
    openMinutes('/minutes?sort=review&assignedTo=me');
    await screen.findAllByTestId('minutes-row');
    expect(names()).toEqual(['Adam S.', 'Cara S.', 'Beth S.']);
    expect(screen.getByRole('columnheader', { name: /Next review/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('"Behind only" keeps the behind rows and puts ?behind=1 in the URL; the link opens that way', async () => {
    openMinutes('/minutes?assignedTo=me');
    await screen.findAllByTestId('minutes-row');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Behind only' }));
    await waitFor(() => expect(names()).toEqual(['Cara S.']));
    expect(screen.getByTestId('location-search').textContent).toContain('behind=1');
    expect(screen.getByTestId('minutes-count').textContent).toBe('1 student behind');
  });

  it('opens filtered to Behind from ?behind=1', async () => {
    openMinutes('/minutes?behind=1&assignedTo=me');
    await waitFor(() => expect(names()).toEqual(['Cara S.']));
    expect((screen.getByRole('checkbox', { name: 'Behind only' }) as HTMLInputElement).checked).toBe(true);
  });

  it('exports the same query as CSV, and sends this month as dates in the account time zone', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:minutes';
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const fetchMock = openMinutes('/minutes?assignedTo=me&period=month');
    await screen.findAllByTestId('minutes-row');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const month = today.slice(0, 7);
    const listCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/service-minutes?'));
    expect(String(listCall?.[0])).toMatch(new RegExp(`^/api/service-minutes\\?from=${month}-01&to=${month}-\\d\\d&assignedTo=me$`));

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual([`service-minutes-${month}-01-to-${listCall?.[0].toString().match(/to=([\d-]+)/)?.[1]}.csv`]));
    expect(await saved[0]!.text()).toBe('Student,Required\n');
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/service-minutes/export'));
    expect(String(exportCall?.[0])).toBe(String(listCall?.[0]).replace('/api/service-minutes?', '/api/service-minutes/export?'));
    expect(await screen.findByText('Minutes exported')).toBeTruthy();
  });

  it("exports the whole district's list as a background job, and says in words when it failed, with Try again", async () => {
    const job = { id: '7c0f6c1e-4f0a-4d5e-9a51-2f3b8c9d0e1f', kind: 'minutes', status: 'running', progress: 0, rows: 0, fileName: 'service-minutes-2025-07-01-to-2026-06-30.csv' };
    const started: unknown[] = [];
    mockFetch(({ url, method, init }) => {
      if (url === '/api/user') return jsonResponse(200, testUser);
      if (url === '/api/account') return jsonResponse(200, { id: testUser.accountId, name: 'Lincoln', timeZone: 'America/New_York' });
      if (url.startsWith('/api/service-minutes?')) return jsonResponse(200, rows);
      if (url === '/api/exports' && method === 'POST') {
        started.push(JSON.parse(String(init.body)));
        return jsonResponse(202, started.length === 1 ? { ...job, status: 'failed' } : { ...job, id: 'a1b2c3d4-4f0a-4d5e-9a51-2f3b8c9d0e1f', status: 'running' });
      }
      if (url === '/api/exports/a1b2c3d4-4f0a-4d5e-9a51-2f3b8c9d0e1f') return jsonResponse(200, { ...job, status: 'running', progress: 40 });
      return new Promise<Response>(() => undefined);
    });
    renderApp('/minutes?assignedTo=all');
    await screen.findAllByTestId('minutes-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The export did not finish.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparing export' })).toBeTruthy();
    expect(started).toEqual([
      { kind: 'minutes', assignedTo: 'all' },
      { kind: 'minutes', assignedTo: 'all' },
    ]);
  });

  it('sends a custom period as its dates, and refuses one that ends before it starts without asking the server', async () => {
    const fetchMock = openMinutes('/minutes?assignedTo=me&period=custom&from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('from must not be after to')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/service-minutes'))).toBe(false);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-20' } });
    await screen.findAllByTestId('minutes-row');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/service-minutes?from=2026-03-10&to=2026-03-20&assignedTo=me')).toBe(true);
  });
});
