import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiCall, signInInBrowser, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

/**
 * Deletion at contract end in Chromium at 390 px (part 4 §5): the owner asks for it on the Security
 * page by typing the district's name, a colleague sees the banner with the date, the owner cancels
 * and the banner is gone.
 */
let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const owner = { firstName: 'Dana', lastName: 'Owner', email: `leaving-${crypto.randomUUID().slice(0, 8)}@district.test`, password: 'Speech-therapy-2026!' };
const colleagueEmail = `colleague-${crypto.randomUUID().slice(0, 8)}@district.test`;
const BANNER = /^This district's data will be deleted on .+\d{4}/;

const fitsThePhone = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const signOut = () => page.context().clearCookies();

describe('leaving Caseload in Chromium at 390 px', () => {
  it('the owner requests the deletion, a colleague sees the banner, the owner cancels', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpInBrowser(page, app.url, owner);
    await apiCall(page, app.url, 'POST', '/api/users', { user: { firstName: 'Cole', lastName: 'League', email: colleagueEmail, password: owner.password, role: 'slp' }, permissions: {} });

    await page.goto(`${app.url}/security`);
    const card = page.getByRole('region', { name: 'Leaving Caseload' });
    await card.waitFor();
    expect(await fitsThePhone()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByLabel('District name').fill('Birch');
    await card.getByRole('button', { name: "Delete the district's data" }).click();
    await card.getByText("Type the district's name to confirm").waitFor();
    await card.getByLabel('District name').fill('Birch District');
    await card.getByRole('button', { name: "Delete the district's data" }).click();
    await card.getByRole('button', { name: 'Cancel the deletion' }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: BANNER });
    await banner.waitFor();
    expect(await fitsThePhone()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await signOut();
    await signInInBrowser(page, app.url, colleagueEmail, owner.password);
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(BANNER);
    expect(await fitsThePhone()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await signOut();
    await signInInBrowser(page, app.url, owner.email, owner.password);
    await page.goto(`${app.url}/security`);
    await card.getByRole('button', { name: 'Cancel the deletion' }).click();
    await card.getByRole('button', { name: "Delete the district's data" }).waitFor();
    await banner.waitFor({ state: 'detached' });
  });
});
