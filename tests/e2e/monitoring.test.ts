/**
 * Progress monitoring in Chromium at 390 px (spec part 4 §7, issue 32): a student with an IEP and
 * two goals with four weekly sessions of data recorded through the API, one rising and one
 * falling. The client page shows each goal's status in words with its basis, and its chart names
 * the trend and the aim line; the Reports figure does too; the dashboard's 'Goals at risk' counts
 * the falling goal and leads to the student. Every screen passes axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, instantAt, localDate } from '../../packages/core/src/school-calendar/dates.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env), { viewport: { width: 390, height: 844 } });

const email = `monitoring-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) => apiCall<T>(page, app.url, method, path, data);

const RISING = 'Initial /s/ in words';
const FALLING = 'Two-step directions';
let clientId = '';

describe('progress monitoring in Chromium at 390 px', () => {
  it('records four weekly sessions for a student with an IEP: one goal rising, one falling', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });
    const { timeZone } = await call<{ timeZone: string }>('GET', '/api/account');
    const today = localDate(e2eNow(), timeZone);
    const org = await call<{ id: string }>('POST', '/api/organizations', { name: 'Birch Elementary', type: 'school' });
    const me = await call<{ id: string }>('GET', '/api/user');
    clientId = (await call<{ id: string }>('POST', '/api/clients', { firstName: 'Mila', lastInitial: 'K', gradeLevel: '2', organizationId: org.id, clinicianIds: [me.id] })).id;
    await call('POST', `/api/clients/${clientId}/ieps`, { startDate: addDays(today, -60), endDate: addDays(today, 120), status: 'active', serviceMinutes: 60, servicePer: 'week', serviceType: 'either' });
    const goal = async (name: string, extra: Record<string, unknown> = {}) =>
      (await call<{ id: string }>('POST', '/api/goals', { clientId, name, type: 'articulation', description: `<p>${name}</p>`, targetCriteria: '80% accuracy over 3 sessions', criterionAccuracy: 80, criterionSessions: 3, ...extra })).id;
    const rising = await goal(RISING, { baseline: { accuracy: 30, date: addDays(today, -35) } });
    const falling = await goal(FALLING);
    for (const [i, daysAgo] of [28, 21, 14, 7].entries()) {
      const base = { type: 'therapy', clientIds: [clientId], scheduledAt: instantAt(addDays(today, -daysAgo), '10:00', timeZone), duration: 30 };
      const session = await call<{ id: string }>('POST', '/api/sessions', base);
      await call('PATCH', `/api/sessions/${session.id}/participants/${clientId}`, { status: 'present' });
      await call('POST', `/api/sessions/${session.id}/progress`, { goalId: rising, successfulAttempts: 4 + i, totalAttempts: 10, notes: '' });
      await call('POST', `/api/sessions/${session.id}/progress`, { goalId: falling, successfulAttempts: 7 - i, totalAttempts: 10, notes: '' });
      // Completing the session is where the dashboard's count is brought up to date.
      await call('PUT', `/api/sessions/${session.id}`, { ...base, status: 'completed' });
    }
  });

  it("shows each goal's status in words with its basis, and names the trend and aim line on its chart, on the client page", async () => {
    await page.goto(`${app.url}/clients/${clientId}`);
    const goals = page.getByRole('region', { name: 'Goals' });
    const statuses = goals.getByRole('group', { name: 'Progress monitoring' });
    await statuses.first().waitFor();
    expect(await statuses.count()).toBe(2);
    const rising = goals.getByRole('listitem').filter({ has: page.getByRole('heading', { name: RISING }) });
    const falling = goals.getByRole('listitem').filter({ has: page.getByRole('heading', { name: FALLING }) });
    await rising.getByText('On track').waitFor();
    await rising.getByText('Based on 4 sessions over 3 weeks').waitFor();
    await rising.getByText(/^Trend \+10 points a week · Projected to reach the criterion on /).waitFor();
    await falling.getByText('At risk').waitFor();
    await falling.getByText('Trend -10 points a week · Not projected').waitFor();
    await goals.getByText("Each goal's progress status is a signal for you, never a decision.").waitFor();
    // The chart's name says both lines; the drawing has them.
    const chart = rising.getByRole('img', { name: /Trend \+10 points a week; Aim line from 30% on .* to 80% on / });
    await chart.waitFor();
    expect(await chart.locator('[data-testid="trend-line"]').count()).toBe(1);
    expect(await chart.locator('[data-testid="aim-line"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('draws the trend and the aim line on the Reports figure, said in words', async () => {
    await page.goto(`${app.url}/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const row = page.getByTestId('client-progress').filter({ hasText: 'Mila K.' });
    await row.getByRole('button', { name: 'Show charts' }).click();
    const figure = row.getByTestId('goal-chart').filter({ hasText: /Trend \+10 points a week/ });
    await figure.getByTestId('monitoring-lines').getByText(/^Trend \+10 points a week; Aim line from 30% on /).waitFor();
    const drawing = figure.getByRole('img', { name: /; Trend \+10 points a week; Aim line from 30% on / });
    await drawing.locator('svg').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("counts the falling goal in the dashboard's 'Goals at risk', which leads to the student", async () => {
    await page.goto(`${app.url}/?assignedTo=me`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Goals at risk' }) });
    await expect.poll(() => card.getByTestId('stat-value').innerText()).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('link', { name: 'Goals at risk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Goals at risk' }).waitFor();
    await page.getByText('1 goal at risk').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Mila K.' }).click();
    await page.waitForURL(`${app.url}/clients/${clientId}`);
    await page.getByRole('region', { name: 'Goals' }).getByText('At risk').waitFor();
  });
});
