import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { ServiceLogLine } from '@caseload/contract/signatures';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';

const PAT = '11111111-2222-4333-8444-555555555555';
const SESSION = '00000000-0000-4000-8000-0000000000a1';

const line = (clientId: string, student: string, over: Partial<ServiceLogLine> = {}): ServiceLogLine => ({
  sessionId: SESSION,
  clientId,
  date: '2026-03-04',
  student,
  providerId: PAT,
  provider: 'Pat Lee',
  role: 'assistant',
  start: '09:00',
  end: '09:30',
  minutes: 30,
  groupSize: 2,
  cpt: '92508',
  icd10Codes: ['F80.0', 'F80.89'],
  sessionType: 'therapy',
  medicaidEligible: true,
  signed: true,
  cosigned: 'no',
  ...over,
});
const lines = [line('00000000-0000-4000-8000-000000000001', 'Ava M.'), line('00000000-0000-4000-8000-000000000002', 'Ben T.', { icd10Codes: [], signed: false, cosigned: 'not_needed' })];

/** Answers the page's reads (the log answers `answer`); renders the app at `path`. */
function openLog(path: string, { answer = lines, user = testUser }: { answer?: ServiceLogLine[]; user?: CurrentUser } = {}) {
  const fetchMock = mockFetch(({ url }) => {
    if (url === '/api/user') return jsonResponse(200, user);
    if (url === '/api/account') return jsonResponse(200, { id: testUser.accountId, name: 'Lincoln', timeZone: 'America/New_York' });
    if (url === '/api/clinicians') return jsonResponse(200, [{ id: testUser.id, firstName: 'Jane', lastName: 'Doe', role: 'slp' }, { id: PAT, firstName: 'Pat', lastName: 'Lee', role: 'assistant' }]);
    if (url.startsWith('/api/service-log/export')) return new Response('Date,Student\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    if (url.startsWith('/api/service-log?')) return jsonResponse(200, answer);
    return new Promise<Response>(() => undefined);
  });
  renderApp(path);
  return fetchMock;
}

const logCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/service-log?'));
const lastLogCall = (fetchMock: ReturnType<typeof mockFetch>) => logCalls(fetchMock).at(-1);
/**
 * The declarations the page's style sheets give an element's classes. happy-dom leaves out rules
 * inside `@layer`, where Chakra's recipes live, so computed styles would miss them.
 */
function declarationsOf(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...element.classList].flatMap((name) => [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].map((m) => m[1])).join(';');
}
const search = () => screen.getByTestId('location-search').textContent ?? '';

describe('Service log page', () => {
  it("lists this month's lines of the user's own sessions, every column, in the server's order", async () => {
    const fetchMock = openLog('/service-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service log' })).toBeTruthy();
    const rows = await screen.findAllByTestId('service-log-line');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Student', 'Provider', 'Role', 'Start', 'End', 'Minutes', 'Group size', 'CPT', 'ICD-10', 'Session type', 'Signed', 'Co-signed']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);
    // Start and End as the calendar writes times (the server's HH:mm is already the account zone's).
    expect(cells(rows[0]!)).toEqual(['Mar 4, 2026', 'Ava M.', 'Pat Lee', 'Assistant', '9:00 AM', '9:30 AM', '30', '2', '92508', 'F80.0; F80.89', 'Therapy', 'Yes', 'No']);
    expect(cells(rows[1]!)).toEqual(['Mar 4, 2026', 'Ben T.', 'Pat Lee', 'Assistant', '9:00 AM', '9:30 AM', '30', '2', '92508', '—', 'Therapy', 'No', 'Not needed']);
    expect(within(rows[0]!).getByRole('link', { name: 'Mar 4, 2026' }).getAttribute('href')).toBe(`/sessions/${SESSION}`);
    expect(screen.getByTestId('service-log-count').textContent).toBe('2 lines');

    // This month so far, in the account's zone, for the user's own sessions; the dates show in the inputs.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(lastLogCall(fetchMock)).toBe(`/api/service-log?from=${today.slice(0, 7)}-01&to=${today}&assignedTo=me`);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(`${today.slice(0, 7)}-01`);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(today);
    expect((screen.getByLabelText('Provider') as HTMLSelectElement).value).toBe('me');
  });

  it('writes afternoon, noon and midnight times as the calendar does', async () => {
    openLog('/service-log', { answer: [line(lines[0]!.clientId, 'Ava M.', { start: '16:30', end: '17:00' }), line(lines[1]!.clientId, 'Ben T.', { start: '00:00', end: '12:05' })] });
    const rows = await screen.findAllByTestId('service-log-line');
    const times = (row: HTMLElement) => within(row).getAllByRole('cell').slice(4, 6).map((td) => td.textContent);
    expect(times(rows[0]!)).toEqual(['4:30 PM', '5:00 PM']);
    expect(times(rows[1]!)).toEqual(['12:00 AM', '12:05 PM']);
  });

  it('puts each filter in the URL and in the request', async () => {
    const fetchMock = openLog('/service-log?from=2026-03-01&to=2026-03-31');
    await screen.findAllByTestId('service-log-line');
    expect(lastLogCall(fetchMock)).toBe('/api/service-log?from=2026-03-01&to=2026-03-31&assignedTo=me');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Medicaid-eligible only' }));
    await waitFor(() => expect(lastLogCall(fetchMock)).toBe('/api/service-log?from=2026-03-01&to=2026-03-31&assignedTo=me&medicaidOnly=true'));
    expect(search()).toContain('medicaid=1');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unsigned only' }));
    await waitFor(() => expect(lastLogCall(fetchMock)).toBe('/api/service-log?from=2026-03-01&to=2026-03-31&assignedTo=me&medicaidOnly=true&unsignedOnly=true'));
    expect(search()).toContain('unsigned=1');

    // The provider list offers My sessions, All providers and the other clinicians (not the user twice).
    const provider = screen.getByLabelText('Provider') as HTMLSelectElement;
    await waitFor(() => expect([...provider.options].map((o) => o.text)).toEqual(['My sessions', 'All providers', 'Pat Lee']));
    fireEvent.change(provider, { target: { value: PAT } });
    await waitFor(() => expect(lastLogCall(fetchMock)).toBe(`/api/service-log?from=2026-03-01&to=2026-03-31&assignedTo=${PAT}&medicaidOnly=true&unsignedOnly=true`));
    expect(search()).toContain(`assignedTo=${PAT}`);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() => expect(lastLogCall(fetchMock)).toBe(`/api/service-log?from=2026-02-01&to=2026-03-31&assignedTo=${PAT}&medicaidOnly=true&unsignedOnly=true`));
    expect(search()).toBe(`?from=2026-02-01&to=2026-03-31&assignedTo=${PAT}&medicaid=1&unsigned=1`);
  });

  it('opens with the filters of a shared link', async () => {
    const fetchMock = openLog('/service-log?from=2026-01-05&to=2026-01-30&assignedTo=all&medicaid=1&unsigned=1');
    await screen.findAllByTestId('service-log-line');
    expect(logCalls(fetchMock)).toEqual(['/api/service-log?from=2026-01-05&to=2026-01-30&assignedTo=all&medicaidOnly=true&unsignedOnly=true']);
    expect((screen.getByRole('checkbox', { name: 'Medicaid-eligible only' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Unsigned only' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Provider') as HTMLSelectElement).value).toBe('all');
  });

  it("exports one provider's query as CSV at once", async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:service-log';
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const fetchMock = openLog(`/service-log?from=2026-03-01&to=2026-03-31&assignedTo=${PAT}&unsigned=1`);
    await screen.findAllByTestId('service-log-line');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['service-log-2026-03-01-to-2026-03-31.csv']));
    expect(await saved[0]!.text()).toBe('Date,Student\n');
    const exportCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/service-log/export'));
    expect(exportCall).toBe(lastLogCall(fetchMock)!.replace('/api/service-log?', '/api/service-log/export?'));
    expect(exportCall).toBe(`/api/service-log/export?from=2026-03-01&to=2026-03-31&assignedTo=${PAT}&unsignedOnly=true`);
    expect(await screen.findByText('Service log exported')).toBeTruthy();
  });

  it("exports all providers' sessions as a background job with its filters, then offers the file", async () => {
    const job = { id: '7c0f6c1e-4f0a-4d5e-9a51-2f3b8c9d0e1f', kind: 'serviceLog', status: 'running', progress: 0, rows: 0, fileName: 'service-log-2026-03-01-to-2026-03-31.csv' };
    const started: unknown[] = [];
    const fetchMock = mockFetch(({ url, method, init }) => {
      if (url === '/api/user') return jsonResponse(200, testUser);
      if (url === '/api/account') return jsonResponse(200, { id: testUser.accountId, name: 'Lincoln', timeZone: 'America/New_York' });
      if (url === '/api/clinicians') return jsonResponse(200, []);
      if (url.startsWith('/api/service-log?')) return jsonResponse(200, lines);
      if (url === '/api/exports' && method === 'POST') {
        started.push(JSON.parse(String(init.body)));
        return jsonResponse(202, job);
      }
      if (url === `/api/exports/${job.id}`) return jsonResponse(200, { ...job, status: 'done', progress: 100, rows: 2, downloadUrl: `/api/exports/${job.id}/file` });
      return new Promise<Response>(() => undefined);
    });
    renderApp('/service-log?from=2026-03-01&to=2026-03-31&assignedTo=all&medicaid=1');
    await screen.findAllByTestId('service-log-line');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparing export' })).toBeTruthy();
    expect(started).toEqual([{ kind: 'serviceLog', from: '2026-03-01', to: '2026-03-31', assignedTo: 'all', medicaidOnly: true }]);
    const link = await screen.findByRole('link', { name: 'Download service-log-2026-03-01-to-2026-03-31.csv' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/api/exports/${job.id}/file`);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/service-log/export'))).toBe(false);
  });

  it('says when the period has no services', async () => {
    openLog('/service-log?from=2026-03-01&to=2026-03-31', { answer: [] });
    expect(await screen.findByText('No services in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refuses a period that ends before it starts without asking the server', async () => {
    const fetchMock = openLog('/service-log?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('from must not be after to')).toBeTruthy();
    expect(logCalls(fetchMock)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each line as a card of its own at 390 px, with every fact of the row labelled', async () => {
    setViewportWidth(390);
    openLog('/service-log?from=2026-03-01&to=2026-03-31');
    const [ava, ben] = await screen.findAllByTestId('service-log-line');
    expect(screen.queryByRole('table')).toBeNull();
    expect(ava!.textContent).toBe('Ava M.Mar 4, 2026, 9:00 AM–9:30 AMPat Lee (Assistant)Therapy · 30 min · group of 2 · CPT 92508 · ICD-10 F80.0; F80.89Signed YesCo-signed No');
    expect(within(ava!).getByRole('link').getAttribute('href')).toBe(`/sessions/${SESSION}`);
    expect(ben!.textContent).toContain('Co-signed Not needed');
  });

  it('keeps the wide table inside a sideways-scrolling area of its card on a laptop, the date pinned', async () => {
    openLog('/service-log?from=2026-03-01&to=2026-03-31');
    await screen.findAllByTestId('service-log-line');
    const area = screen.getByTestId('service-log-scroll');
    expect(area.contains(screen.getByRole('table'))).toBe(true);
    expect(declarationsOf(area)).toContain('overflow:auto');
    // The list's card may shrink below the table's width (a flex or grid child otherwise grows to fit it).
    expect(declarationsOf(area.closest('section')!)).toContain('min-width:0');
  });

  it("is hidden from users who may not view reports, and says so at its address", async () => {
    const user: CurrentUser = { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canViewReports: false } };
    const fetchMock = openLog('/service-log', { user });
    expect(await screen.findByText("You don't have permission to view the service log.")).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Service log' })).toBeNull();
    expect(logCalls(fetchMock)).toEqual([]);
  });
});
