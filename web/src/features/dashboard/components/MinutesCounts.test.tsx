import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MinutesSummary } from '@caseload/contract/school-year';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const summary: MinutesSummary = { behindOnMinutes: 4, reviewsDueIn30Days: 2, reevaluationsDueIn60Days: 1 };

function openDashboard(answer: () => Response) {
  return mockFetch(({ url }) => {
    if (url === '/api/user') return jsonResponse(200, testUser);
    if (url.startsWith('/api/service-minutes/summary')) return answer();
    if (url.startsWith('/api/service-minutes?')) return jsonResponse(200, []);
    return new Promise<Response>(() => undefined);
  });
}

describe('dashboard: service-minutes counts', () => {
  it("shows the caseload's three counts, each linking to the minutes page filtered or sorted", async () => {
    const fetchMock = openDashboard(() => jsonResponse(200, summary));
    renderApp('/?assignedTo=me');
    const section = await screen.findByRole('region', { name: 'Service minutes' });
    const behind = await within(section).findByRole('link', { name: 'Behind on minutes' });
    expect(behind.getAttribute('href')).toBe('/minutes?behind=1');
    expect(within(section).getByRole('link', { name: 'IEP reviews due in 30 days' }).getAttribute('href')).toBe('/minutes?sort=review');
    expect(within(section).getByRole('link', { name: 'Re-evaluations due in 60 days' }).getAttribute('href')).toBe('/minutes?sort=evaluation');
    expect(within(section).getAllByTestId('minutes-count-value').map((n) => n.textContent)).toEqual(['4', '2', '1']);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/service-minutes/summary?assignedTo=me')).toBe(true);

    fireEvent.click(behind);
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Minutes' })).toBeTruthy();
    expect(screen.getByTestId('location-search').textContent).toContain('behind=1');
  });

  it('follows the dashboard scope: All clients asks for all', async () => {
    const fetchMock = openDashboard(() => jsonResponse(200, summary));
    renderApp('/?assignedTo=all');
    await screen.findByRole('link', { name: 'Behind on minutes' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/service-minutes/summary?assignedTo=all')).toBe(true);
  });

  it('says when the counts cannot load and offers to try again', async () => {
    let fail = true;
    openDashboard(() => (fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, summary)));
    renderApp('/?assignedTo=me');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the service-minutes counts.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Behind on minutes' })).toBeTruthy();
  });
});
