import { addDays, startOfWeek } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const run = crypto.randomUUID().slice(0, 8);
const owner = { email: `owner-${run}@district.test`, password: 'Speech-therapy-2026!' };
const slp = { email: `slp-${run}@district.test`, password: 'School-SLP-2026-caseload!' };

const panel = () => page.getByRole('tabpanel');
const calendar = () => page.getByRole('region', { name: 'Calendar' });
const h1 = (name: string) => page.getByRole('heading', { level: 1, name });
const clientNames = async () => (await page.getByTestId('client-row').locator('td:first-child a').allTextContents()).sort();
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** POST through the signed-in browser context (its cookie), the way the SPA calls the API. */
const post = <T>(path: string, data: unknown) => apiCall<T>(page, app.url, 'POST', path, data);

describe('own caseloads in Chromium: an SLP opens on their students and widens to all', () => {
  it('sets up a district: an owner, a school SLP, students of each and a session of each this week', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Owner', email: owner.email, password: owner.password });

    const school = await post<{ id: string }>('/api/organizations', { name: 'Lincoln Elementary' });
    const permissions = { canCreateClients: true, canEditClients: true, canCreateSessions: true, canEditSessions: true, allowedOrganizationIds: [school.id] };
    const user = await post<{ id: string }>('/api/users', {
      user: { firstName: 'Sasha', lastName: 'Lee', email: slp.email, password: slp.password, role: 'slp' },
      permissions,
    });
    const mine = (firstName: string, lastInitial: string) =>
      post<{ id: string }>('/api/clients', { firstName, lastInitial, organizationId: school.id, clinicianIds: [user.id] });
    const theirs = (firstName: string, lastInitial: string) => post<{ id: string }>('/api/clients', { firstName, lastInitial, organizationId: school.id });
    const emma = await mine('Emma', 'S');
    await mine('Oliver', 'P');
    const noah = await theirs('Noah', 'B');
    await theirs('Zoe', 'K');

    // Wednesday of this week, which the calendar opens on (past or still to come, depending on the day).
    const wednesday = addDays(startOfWeek(e2eNow(), { weekStartsOn: 1 }), 2);
    const at = (hour: number) => wallClock(wednesday, hour).toISOString();
    await post('/api/sessions', { clientIds: [emma.id], scheduledAt: at(10), duration: 30, providerId: user.id });
    await post('/api/sessions', { clientIds: [noah.id], scheduledAt: at(13), duration: 30 });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
  });

  it('signs in as the SLP and sees only their students on the clients page and the calendar', async () => {
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await panel().getByLabel('Email').fill(slp.email);
    await panel().getByLabel('Password', { exact: true }).fill(slp.password);
    await panel().getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.url}/`);
    await h1('Dashboard').waitFor();
    await page.getByRole('button', { name: 'My caseload', pressed: true }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await h1('Client Management').waitFor();
    await page.getByRole('button', { name: 'My caseload', pressed: true }).waitFor();
    await eventually(clientNames).toEqual(['Emma S.', 'Oliver P.']);
    await page.getByText('2 clients').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
    await h1('Session Management').waitFor();
    await page.getByRole('button', { name: 'My caseload', pressed: true }).waitFor();
    // The calendar shows the week's session; once its time has passed Recent Sessions lists it too.
    await calendar().getByRole('link', { name: /Emma S\./ }).waitFor();
    expect(await page.getByRole('link', { name: /Noah B\./ }).count()).toBe(0);
  });

  it('switches to All clients, searches a name, and the URL keeps the filter across a reload', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await h1('Client Management').waitFor();
    await page.getByRole('button', { name: 'All clients' }).click();
    await eventually(clientNames).toEqual(['Emma S.', 'Noah B.', 'Oliver P.', 'Zoe K.']);

    await page.getByLabel('Search', { exact: true }).pressSequentially('noa');
    await eventually(clientNames).toEqual(['Noah B.']);
    await page.waitForURL((url) => url.searchParams.get('search') === 'noa' && url.searchParams.get('assignedTo') === 'all');

    await page.reload();
    await h1('Client Management').waitFor();
    await eventually(clientNames).toEqual(['Noah B.']);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('noa');
    await page.getByRole('button', { name: 'All clients', pressed: true }).waitFor();

    // The choice is remembered: the calendar opens on everyone's sessions now.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
    await h1('Session Management').waitFor();
    await page.getByRole('button', { name: 'All clients', pressed: true }).waitFor();
    await calendar().getByRole('link', { name: /Noah B\./ }).waitFor();
  });
});
