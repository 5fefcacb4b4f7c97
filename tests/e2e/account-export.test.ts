import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

/**
 * The whole export in Chromium on a phone (part 4 §5): the owner starts the district's export on
 * the Security page, watches it finish, and downloads the zip through its one-time link.
 */
let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env), { viewport: { width: 390, height: 844 } });

const email = `export-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';

describe('the district export in Chromium at 390 px', () => {
  it('the owner starts the export on the Security page and downloads the zip', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Edda', lastName: 'Owner', email, password });
    await page.goto(`${app.url}/security`);
    const card = page.getByRole('heading', { level: 2, name: 'Export' });
    await card.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Export the district' }).click();
    const link = page.getByRole('link', { name: /^Download district-export-\d{4}-\d{2}-\d{2}\.zip$/ });
    await link.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^district-export-.*\.zip$/);
    const dir = await mkdtemp(join(tmpdir(), 'e2e-export-'));
    try {
      await download.saveAs(join(dir, 'export.zip'));
      const bytes = await readFile(join(dir, 'export.zip'));
      // A zip: its local file header's signature.
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a clinician exports one student's record from the student's page", async () => {
    const client = await page.evaluate(async () => {
      const res = await fetch('/api/clients', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify({ firstName: 'Ines', lastInitial: 'R', status: 'active' }) });
      return (await res.json()) as { id: string };
    });
    await page.goto(`${app.url}/clients/${client.id}`);
    await page.getByRole('button', { name: 'Export student record' }).click();
    const link = page.getByRole('link', { name: /^Download student-record-\d{4}-\d{2}-\d{2}\.zip$/ });
    await link.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
