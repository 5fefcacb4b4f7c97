import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';
import { csv, manifest, ORGS, USERS_11, zip } from '../support/oneroster.ts';

/**
 * The roster import in Chromium (issue 28): a manager uploads a OneRoster zip, watches the job,
 * reads the preview, applies it, and adds a client "From the district roster"; then the page at
 * 390 px wide.
 */
let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `roster-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';

const file = Buffer.from(
  zip({
    'manifest.csv': manifest({ orgs: 'bulk', users: 'bulk' }),
    'orgs.csv': csv(ORGS, [
      { sourcedId: 'd1', name: 'Birch District', type: 'district' },
      { sourcedId: 's1', name: 'Aspen Elementary', type: 'school', identifier: '201' },
    ]),
    'users.csv': csv(USERS_11, [
      ...Array.from({ length: 40 }, (_, i) => ({ sourcedId: `st${i}`, role: 'student', orgSourcedIds: 's1', givenName: i === 7 ? 'Marisol' : `Kid${i}`, familyName: 'Quintana', grades: '02', email: `k${i}@kids.test` })),
      { sourcedId: 't1', role: 'teacher', orgSourcedIds: 's1', givenName: 'Tess', familyName: 'T', email: 'unknown-teacher@district.test' },
    ]),
  }),
);

describe('roster import in Chromium', () => {
  it('uploads, previews with a progress bar, applies, and adds a client from the district roster', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Rory', lastName: 'Manager', email, password });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster import' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roster import' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/OneRoster CSV zip/).setInputFiles({ name: 'district.zip', mimeType: 'application/zip', buffer: file });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    // The job's bar, or (on a fast machine) the preview it leads to.
    await page.getByRole('progressbar', { name: 'Reading the roster file' }).or(page.getByRole('table', { name: 'What applying this file will change' })).first().waitFor();
    const table = page.getByRole('table', { name: 'What applying this file will change' });
    await table.waitFor();
    expect(await table.getByRole('row', { name: /Students/ }).innerText()).toMatch(/Students\s+40\s+0\s+0\s+0/);
    await page.getByText('Line 42: unknown-teacher@district.test').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The roster was applied.').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const add = page.getByRole('dialog');
    await add.getByRole('button', { name: 'From the district roster' }).click();
    await add.getByLabel('Student name').fill('Mari');
    await add.getByRole('button', { name: 'Choose Marisol Q.' }).click();
    expect(await add.getByLabel('First Name').inputValue()).toBe('Marisol');
    await add.getByRole('button', { name: 'Add Client' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByText('Marisol Q').first().waitFor();
  });

  it('fits a phone: the roster import page at 390 px has no sideways scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/roster-import`);
    await page.getByRole('heading', { level: 1, name: 'Roster import' }).waitFor();
    await page.getByText('Last imports').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
