import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import type { Goal, ProgressPoint } from '@caseload/contract/sessions';
import { SIGNED_NOTE } from '@caseload/contract/signatures';
import { jsonResponse, mockFetch, testAccount, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer } from '../../../test/server.ts';
import { at, sessionId, testSession } from '../test/fixtures.ts';

const ava: Client = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ava', lastInitial: 'S', gradeLevel: '2', diagnosis: 'Lisp', status: 'active', icd10Codes: [], medicaidEligible: false, clinicianIds: [], createdAt: at, updatedAt: at };
const ben: Client = { ...ava, id: '22222222-2222-4222-8222-222222222222', firstName: 'Ben', lastInitial: 'T', diagnosis: undefined };
const cleo: Client = { ...ava, id: '33333333-3333-4333-8333-333333333333', firstName: 'Cleo', lastInitial: 'M' };

const base = testSession([ava, ben], '99999999-9999-4999-8999-999999999999', { duration: 45, notes: 'Group articulation' }, 'scheduled');
const goal: Goal = {
  id: '44444444-4444-4444-8444-444444444444',
  clientId: ava.id,
  name: 'Initial /s/',
  type: 'articulation',
  criterionMet: false,
  description: '<p>Produce <strong>/s/</strong><img src=x onerror="alert(1)"></p>',
  targetCriteria: '80% over 3 sessions',
  status: 'active',
  createdAt: at,
  updatedAt: at,
};
const point: ProgressPoint = { id: 'p1', goalId: goal.id, clientId: ava.id, sessionId, successfulAttempts: 7, totalAttempts: 10, notes: 'Used a mirror &amp; cues', recordedAt: at };

type Handler = (body: unknown) => Response;

function openDetail(routes: Record<string, Handler> = {}) {
  const session = structuredClone(base);
  const calls: { method: string; path: string; query: string; body: unknown }[] = [];
  mockFetch(({ method, url, init }) => {
    const { pathname: path, searchParams } = new URL(url, 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, query: searchParams.toString(), body });
    const custom = routes[`${method} ${path}`];
    if (custom) return custom(body);
    if (path === '/api/user') return jsonResponse(200, testUser);
    if (path === '/api/account') return jsonResponse(200, testAccount());
    if (path === '/api/clients') return clientsAnswer(searchParams, [ava, ben, cleo]);
    if (path === `/api/sessions/${sessionId}`) return jsonResponse(200, session);
    if (path === `/api/sessions/${sessionId}/client-goals`) return jsonResponse(200, [goal]);
    if (path === `/api/sessions/${sessionId}/notes`) return jsonResponse(200, []);
    if (path === `/api/sessions/${sessionId}/progress`) return jsonResponse(200, [point]);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderApp(`/sessions/${sessionId}`);
  return { session, calls };
}

describe('Session detail', () => {
  it('shows the session, its clients and the stored goal data', async () => {
    openDetail();
    await screen.findByRole('heading', { level: 1, name: 'Session Details' });
    expect(screen.getByText(/^Monday, March 9, 2026 at /)).toBeTruthy();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.getByText('45 minutes')).toBeTruthy();
    expect(screen.getByText('Group articulation')).toBeTruthy();

    await screen.findByRole('tab', { name: /Ava S\./ });
    expect(screen.getByRole('tab', { name: /Ben T\./ })).toBeTruthy();
    expect(screen.getAllByText('Grade: 2nd Grade')).toHaveLength(2);
    expect(screen.getByText('Diagnosis: Lisp')).toBeTruthy();

    // The description is rich text, sanitized before it reaches the page.
    const description = screen.getByText('/s/', { selector: 'strong' });
    expect(description.closest('div')!.querySelector('img')).toBeNull();
    expect((screen.getByLabelText('Successful Attempts for Initial /s/') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('Total Attempts for Initial /s/') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Progress notes for Initial /s/') as HTMLTextAreaElement).value).toBe('Used a mirror & cues');
    expect(screen.getAllByTestId('accuracy')[0]!.textContent).toBe('70%');

    fireEvent.change(screen.getByLabelText('Total Attempts for Initial /s/'), { target: { value: '0' } });
    expect(screen.getAllByTestId('accuracy')[0]!.textContent).toBe('—');
    expect(screen.getByText('Total attempts must be at least 1')).toBeTruthy();
  });

  it("changes a participant's status with the spec's toast", async () => {
    const { session, calls } = openDetail({
      [`PATCH /api/sessions/${sessionId}/participants/${ben.id}`]: (body) => {
        const updated = structuredClone(base);
        updated.sessionParticipants[1]!.status = (body as { status: 'present' }).status;
        return jsonResponse(200, updated);
      },
    });
    expect(session.id).toBe(sessionId);
    const select = await screen.findByLabelText('Status for Ben T.');
    fireEvent.change(select, { target: { value: 'present' } });
    expect(await screen.findByText('Client status successfully updated')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Ben T. (Present)' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'present' });
  });

  it('adds a client from the clients not yet in the session', async () => {
    const { calls } = openDetail({
      [`POST /api/sessions/${sessionId}/participants`]: () => jsonResponse(400, { message: 'Client is not active' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Client to Session' });
    // The server searches by name; the session's own clients are left out of the answer.
    fireEvent.change(within(dialog).getByLabelText('Search clients'), { target: { value: 'c' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/clients' && c.query === 'status=active&search=c&limit=52')).toBe(true));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Cleo M.' }));
    expect(within(dialog).queryByText('Ava S.')).toBeNull();
    expect(await screen.findByText('Failed to add client')).toBeTruthy();
    expect(screen.getByText('Client is not active')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ clientId: cleo.id, status: 'scheduled' });
  });

  it('offers Add Goal for a client without goals, and it opens the goal form', async () => {
    openDetail();
    fireEvent.click(await screen.findByRole('tab', { name: /Ben T\./ }));
    const empty = await screen.findByText('No active goals found for this client');
    fireEvent.click(within(empty.parentElement!).getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByRole('dialog', { name: 'Add Goal for Ben T.' })).toBeTruthy();
  });

  it('asks before deleting the session', async () => {
    openDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this session? This action cannot be undone.')).toBeTruthy();
  });

  it("asks why before canceling a participation, sends the reason with the status, and shows it", async () => {
    const { calls } = openDetail({
      [`PATCH /api/sessions/${sessionId}/participants/${ben.id}`]: (body) => {
        const updated = structuredClone(base);
        Object.assign(updated.sessionParticipants[1]!, body);
        return jsonResponse(200, updated);
      },
    });
    fireEvent.change(await screen.findByLabelText('Status for Ben T.'), { target: { value: 'canceled' } });
    // Nothing is sent until the reason is chosen: the reason decides whether a make-up is owed.
    const reason = await screen.findByLabelText(/^Why Ben T.'s session was canceled/);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect([...(reason as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose a reason',
      'School closure',
      'Provider unavailable',
      'Student unavailable (school activity)',
      'Student absent',
      'Other',
    ]);
    fireEvent.change(reason, { target: { value: 'student_unavailable' } });
    expect(await screen.findByText('Client status successfully updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'canceled', cancelReason: 'student_unavailable' });
    expect(await screen.findByRole('tab', { name: 'Ben T. (Canceled: Student unavailable (school activity))' })).toBeTruthy();
  });

  it('asks why when the session is canceled in the edit form, and shows a signed session\'s 409 as the form\'s error', async () => {
    const { calls } = openDetail({ [`PUT /api/sessions/${sessionId}`]: () => jsonResponse(409, { message: SIGNED_NOTE }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    fireEvent.change(within(dialog).getByLabelText(/^Status/), { target: { value: 'canceled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Choose why it was canceled')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Why was it canceled/), { target: { value: 'provider_unavailable' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', SIGNED_NOTE);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ status: 'canceled', cancelReason: 'provider_unavailable' });
  });

  it("says 'Session Not Found' when the session cannot be loaded", async () => {
    openDetail({ [`GET /api/sessions/${sessionId}`]: () => jsonResponse(404, { message: 'Session not found' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Session Not Found' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to Sessions' }).getAttribute('href')).toBe('/sessions'));
  });
});
