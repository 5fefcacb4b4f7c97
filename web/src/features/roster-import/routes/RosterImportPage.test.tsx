import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import { emptyCounts, type RosterImport } from '@caseload/contract/roster';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { ROSTER_POLL_MS } from '../api/roster-import.ts';

const id = '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const at = '2026-09-01T12:00:00.000Z';
const counts = { schools: emptyCounts(), students: emptyCounts(), staff: emptyCounts() };
const base: RosterImport = { id, status: 'previewing', progress: 0, counts, errors: [], moreErrors: 0, unmatchedStaff: [], schoolYears: [], allStudentsAreClients: true, createdAt: at, updatedAt: at };
const ready: RosterImport = {
  ...base,
  status: 'ready',
  progress: 100,
  mode: 'bulk',
  counts: { schools: { add: 3, update: 0, archive: 0, unchanged: 0 }, students: { add: 1200, update: 4, archive: 5, unchanged: 10 }, staff: { add: 2, update: 0, archive: 1, unchanged: 0 } },
  errors: [{ file: 'users.csv', line: 7, message: 'Duplicate sourcedId stu-1' }],
  unmatchedStaff: [{ line: 9, email: 'nobody@district.test' }],
  schoolYears: [{ name: '2026-2027', firstDay: '2026-08-24', lastDay: '2027-06-11' }],
};
const uploadUrl = `/api/roster-uploads/${testUser.accountId}/${id}?token=t0k`;

/** The strict test server of the page's journey: each answer in turn, anything else is a 404 the test sees. */
function serve(user: CurrentUser = testUser) {
  let job: RosterImport = { ...base, progress: 40 };
  const sent: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = mockFetch(({ method, url, init }) => {
    sent.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    if (method === 'GET' && url === '/api/user') return jsonResponse(200, user);
    if (method === 'GET' && url === '/api/roster-imports') return jsonResponse(200, []);
    if (method === 'POST' && url === '/api/roster-imports') return jsonResponse(201, { importId: id, uploadUrl });
    if (method === 'PUT' && url === uploadUrl) return new Response('', { status: 200 });
    if (method === 'POST' && url === `/api/roster-imports/${id}/preview`) return jsonResponse(202, base);
    if (method === 'GET' && url === `/api/roster-imports/${id}`) {
      const answer = job;
      if (job.status === 'previewing') job = ready;
      if (job.status === 'applying') job = { ...ready, status: 'done' };
      return jsonResponse(200, answer);
    }
    if (method === 'POST' && url === `/api/roster-imports/${id}/apply`) {
      job = { ...ready, status: 'applying', progress: 10 };
      return jsonResponse(202, job);
    }
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  return { fetchMock, sent };
}

describe('Roster import', { timeout: 20_000 }, () => {
  it('uploads the zip straight to its upload URL, shows the preview job progress, the counts, errors and unmatched staff, then applies', async () => {
    const { sent } = serve();
    renderApp('/roster-import');
    await screen.findByRole('heading', { level: 1, name: 'Roster import' });
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'district.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText(/OneRoster CSV zip/), { target: { files: [file] } });
    fireEvent.click(screen.getByLabelText('Every student in this file is served by our clinicians'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload and preview' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));

    const bar = await screen.findByRole('progressbar', { name: 'Reading the roster file' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(uploadUrl);
    expect(put.body).toBe(file);
    expect(sent.find((r) => r.url === '/api/roster-imports' && r.method === 'POST')!.body).toEqual({ size: 4 });
    expect(sent.find((r) => r.url.endsWith('/preview'))!.body).toEqual({ allStudentsAreClients: true });

    // The next poll brings the finished preview.
    const table = await screen.findByRole('table', { name: 'What applying this file will change' }, { timeout: 4 * ROSTER_POLL_MS });
    const students = within(table).getByRole('rowheader', { name: 'Students' }).closest('tr')!;
    expect([...students.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['1,200', '4', '5', '10']);
    expect(within(screen.getByRole('region', { name: 'Errors in the file' })).getByText('users.csv, line 7: Duplicate sourcedId stu-1')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Staff without a user' })).getByText('Line 9: nobody@district.test')).toBeTruthy();

    // The school years are saved unless unticked.
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent.find((r) => r.url.endsWith('/apply'))?.body).toEqual({ schoolYears: true }));
    expect(await screen.findByText('The roster was applied.', {}, { timeout: 4 * ROSTER_POLL_MS })).toBeTruthy();
  });

  it('tells a manager limited to some organizations that the import is not theirs, and calls nothing', async () => {
    const limited: CurrentUser = { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canManageUsers: true, allowedOrganizationIds: ['11111111-1111-4111-8111-111111111111'] } };
    const { sent } = serve(limited);
    renderApp('/roster-import');
    expect(await screen.findByText('Only the owner or a user who manages users for every organization can import a roster.')).toBeTruthy();
    expect(sent.some((r) => r.url.startsWith('/api/roster'))).toBe(false);
  });
});
