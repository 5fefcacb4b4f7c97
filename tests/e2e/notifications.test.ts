import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

/**
 * Reminders in Chromium on a phone (part 4 §8): an IEP review due within 30 days shows under the
 * header's bell, with its unread count in the bell's name; following it opens that client and
 * marks it read.
 */
let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env), { viewport: { width: 390, height: 844 } });

const email = `bell-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the bell in Chromium at 390 px', () => {
  it('lists an IEP review due; following it opens that client', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Nora', lastName: 'Owner', email, password });
    const clientId = await page.evaluate(
      async ({ review, start, end }) => {
        const post = (path: string, body: unknown) =>
          fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(body) });
        const client = (await (await post('/api/clients', { firstName: 'Ines', lastInitial: 'R', status: 'active' })).json()) as { id: string };
        const iep = await post(`/api/clients/${client.id}/ieps`, { startDate: start, endDate: end, nextReviewDate: review, status: 'active', serviceMinutes: 30, servicePer: 'week', serviceType: 'individual' });
        if (!iep.ok) throw new Error(`IEP: ${iep.status}`);
        return client.id;
      },
      { review: inDays(10), start: inDays(-30), end: inDays(300) },
    );

    await page.goto(`${app.url}/`);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    expect((await bell.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    // Opened from the keyboard.
    await bell.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: /^IEP review for Ines R\. due / });
    await item.waitFor();
    expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await item.click();
    await page.waitForURL(`${app.url}/clients/${clientId}`);
    await page.getByRole('heading', { level: 1, name: /Ines R/ }).waitFor();
    // Marked read: the count is gone from the bell's name.
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });
});
