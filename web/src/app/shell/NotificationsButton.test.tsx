import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@caseload/contract/notifications';
import { dashboardLoading, jsonResponse, mockApi, pending, testUser } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';

const CLIENT = '3f2b8c1a-5d4e-4f6a-8b9c-0d1e2f3a4b5c';
const iepDue: Notification = { id: `iep_review_due.${CLIENT}`, kind: 'iep_review_due', text: 'IEP review for Ava M. due Dec 20, 2026', link: `/clients/${CLIENT}`, createdAt: new Date().toISOString(), read: false };
const exportDone: Notification = { id: 'job_done.9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', kind: 'job_done', text: 'Your service-minutes export finished', link: '/minutes', createdAt: new Date().toISOString(), read: true };

function signedIn(notifications: Notification[]) {
  const marked: unknown[] = [];
  const fetchMock = mockApi({
    ...dashboardLoading,
    'GET /api/user': () => jsonResponse(200, testUser),
    'GET /api/activities?scope=mine&kind=work': () => jsonResponse(200, []),
    'GET /api/notifications': () => jsonResponse(200, notifications),
    'POST /api/notifications/read': (body) => {
      marked.push(body);
      notifications = notifications.map((n) => ((body as { ids: string[] }).ids.includes(n.id) ? { ...n, read: true } : n));
      return jsonResponse(200, { ok: true });
    },
    // The client page the item opens, left loading: the test is about the bell.
    [`GET /api/clients/${CLIENT}`]: pending,
    [`GET /api/clients/${CLIENT}/ieps`]: pending,
    [`GET /api/clients/${CLIENT}/makeups`]: pending,
    [`GET /api/clients/${CLIENT}/service-minutes`]: pending,
    'GET /api/organizations': pending,
  });
  return { fetchMock, marked };
}

describe('the bell', () => {
  it('names its unread count, lists each notification as a link to its screen, and marks one read when followed', async () => {
    const { marked } = signedIn([iepDue, exportDone]);
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Notifications and recent activity' });
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`/clients/${CLIENT}`, '/minutes']);
    expect(links[0]!.textContent).toContain('IEP review for Ava M. due Dec 20, 2026 (unread)');
    expect(links[1]!.textContent).not.toContain('(unread)');

    fireEvent.click(links[0]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/clients/${CLIENT}`));
    expect(marked).toEqual([{ ids: [iepDue.id] }]);
    expect(screen.queryByRole('region', { name: 'Notifications and recent activity' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it("says 'No notifications' when there are none, and closes with Escape, focus back on the bell", async () => {
    signedIn([]);
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(bell);
    expect(await screen.findByText('No notifications')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications and recent activity' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});
