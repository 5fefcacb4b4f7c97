import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

/**
 * Moving a district in Chromium on a phone (part 4 §5): one owner exports the district and
 * downloads the zip; another owner, in a new empty district, imports it on the Security page,
 * watches it finish with the records recreated, and sets an imported user's password on the Users
 * page, which activates the user.
 */
let app: RunningApp;
let page: Page;
let dir: string;

useBrowserApp((env) => ({ app, page } = env), { viewport: { width: 390, height: 844 } });
afterAll(() => rm(dir, { recursive: true, force: true }));

const password = 'Speech-therapy-2026!';
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A call of the app's API from the page, with its cookie. */
const call = (path: string, body: object) =>
  page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { id: string } };
    },
    { path, body },
  );

describe('moving a district in Chromium at 390 px', () => {
  it('the first owner exports the district and downloads the zip', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Edda', lastName: 'Source', email: `source-${crypto.randomUUID().slice(0, 8)}@district.test`, password });
    expect((await call('/api/clients', { firstName: 'Ines', lastInitial: 'R', status: 'active' })).status).toBe(201);
    const user = await call('/api/users', { user: { firstName: 'Casey', lastName: 'Aide', email: `aide-${crypto.randomUUID().slice(0, 8)}@district.test`, password, role: 'assistant' }, permissions: {} });
    expect(user.status).toBe(201);
    await page.goto(`${app.url}/security`);
    await page.getByRole('button', { name: 'Export the district' }).click();
    const link = page.getByRole('link', { name: /^Download district-export-\d{4}-\d{2}-\d{2}\.zip$/ });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    dir = await mkdtemp(join(tmpdir(), 'e2e-import-'));
    await download.saveAs(join(dir, 'district.zip'));
    expect((await readFile(join(dir, 'district.zip'))).subarray(0, 2).toString('latin1')).toBe('PK');
    await page.evaluate(() => fetch('/api/logout', { method: 'POST' }));
  });

  it('another owner imports it into an empty district and sees what was recreated', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Ida', lastName: 'Target', email: `target-${crypto.randomUUID().slice(0, 8)}@district.test`, password });
    await page.goto(`${app.url}/security`);
    await page.getByRole('heading', { level: 2, name: 'Import a district' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Export zip file').setInputFiles(join(dir, 'district.zip'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The district is imported.').waitFor();
    await page.getByText('Students: 1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
  });

  it("the owner sets an imported user's password, which activates the user", async () => {
    await page.goto(`${app.url}/users`);
    await page.getByRole('button', { name: 'Set password for Casey Aide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set password - Casey Aide' });
    await dialog.getByLabel(/New password/).fill('Another-password-7!');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('button', { name: 'Deactivate Casey Aide' }).waitFor();
    expect(await fitsWidth()).toBe(true);
  });
});
