import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { PendingSignatures } from '@caseload/contract/signatures';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const sessionId = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
const otherSession = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002';
const ava = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';
const pending: PendingSignatures = {
  awaitingMyCosignature: [{ sessionId, clientId: ava, student: 'Ava S.', scheduledAt: '2026-03-09T14:00:00.000Z', signedBy: 'Alex Kim' }],
  myUnsigned: [{ sessionId: otherSession, clientId: ben, student: 'Ben T.', scheduledAt: '2026-03-02T15:00:00.000Z' }],
};

function openDashboard(user: CurrentUser, answer: () => Response) {
  return mockFetch(({ url }) => {
    if (url === '/api/user') return jsonResponse(200, user);
    if (url === '/api/signatures/pending') return answer();
    return new Promise<Response>(() => undefined);
  });
}

describe('dashboard: notes awaiting signatures', () => {
  it('lists the notes awaiting my co-signature and my unsigned notes, each linking to its session on the student', async () => {
    openDashboard(testUser, () => jsonResponse(200, pending));
    renderApp('/?assignedTo=me');
    const awaiting = await screen.findByRole('region', { name: 'Awaiting your co-signature' });
    const avaLink = await within(awaiting).findByRole('link', { name: 'Ava S.' });
    expect(avaLink.getAttribute('href')).toBe(`/sessions/${sessionId}?client=${ava}`);
    expect(within(awaiting).getByText(/Signed by Alex Kim/)).toBeTruthy();
    expect(within(awaiting).getAllByTestId('pending-note')).toHaveLength(1);

    const unsigned = screen.getByRole('region', { name: 'Your unsigned notes' });
    expect(within(unsigned).getByRole('link', { name: 'Ben T.' }).getAttribute('href')).toBe(`/sessions/${otherSession}?client=${ben}`);
    expect(within(unsigned).queryByText(/Signed by/)).toBeNull();

    fireEvent.click(avaLink);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/sessions/${sessionId}`));
    expect(screen.getByTestId('location-search').textContent).toBe(`?client=${ava}`);
  });

  it('shows the first five notes of a long list, then all of them behind "View all"', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...pending.myUnsigned[0]!, sessionId: `aaaaaaaa-aaaa-4aaa-8aaa-0000000001${String(i).padStart(2, '0')}` }));
    openDashboard(testUser, () => jsonResponse(200, { awaitingMyCosignature: [], myUnsigned: many }));
    renderApp('/?assignedTo=me');
    const unsigned = await screen.findByRole('region', { name: 'Your unsigned notes' });
    await waitFor(() => expect(within(unsigned).getAllByTestId('pending-note')).toHaveLength(5));
    const more = within(unsigned).getByRole('button', { name: 'View all 12' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(unsigned).getAllByTestId('pending-note')).toHaveLength(12);
    fireEvent.click(within(unsigned).getByRole('button', { name: 'Show fewer' }));
    expect(within(unsigned).getAllByTestId('pending-note')).toHaveLength(5);
  });

  it('says when there is nothing to sign', async () => {
    openDashboard(testUser, () => jsonResponse(200, { awaitingMyCosignature: [], myUnsigned: [] }));
    renderApp('/?assignedTo=me');
    expect(await screen.findByText('No notes are awaiting your co-signature.')).toBeTruthy();
    expect(screen.getByText('All your notes are signed.')).toBeTruthy();
  });

  it('shows no co-signature card to an assistant', async () => {
    openDashboard({ ...testUser, role: 'assistant' }, () => jsonResponse(200, { awaitingMyCosignature: [], myUnsigned: pending.myUnsigned }));
    renderApp('/?assignedTo=me');
    const unsigned = await screen.findByRole('region', { name: 'Your unsigned notes' });
    expect(await within(unsigned).findByRole('link', { name: 'Ben T.' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Awaiting your co-signature' })).toBeNull();
  });

  it('says when the lists cannot load and offers to try again', async () => {
    let fail = true;
    openDashboard(testUser, () => (fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, pending)));
    renderApp('/?assignedTo=me');
    const unsigned = await screen.findByRole('region', { name: 'Your unsigned notes' });
    const alert = await within(unsigned).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the notes awaiting signatures.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(unsigned).findByRole('link', { name: 'Ben T.' })).toBeTruthy();
  });
});
