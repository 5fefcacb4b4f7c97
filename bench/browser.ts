import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { SeededDistrict } from './seed-large.ts';

/**
 * Signs in through the page as the district's first clinician (an SLP with a caseload), then times
 * the dashboard until its requests settle and the clients page until its first row shows.
 */
export async function openBrowserForBench(url: string, d: SeededDistrict): Promise<string> {
  const clinician = d.clinicians[0]!;
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'caseload-bench-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await page.goto(`${url}/auth`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(clinician.email);
    await panel.getByLabel('Password', { exact: true }).fill(d.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${url}/`);

    let started = Date.now();
    await page.goto(`${url}/`);
    await page.waitForLoadState('networkidle');
    const dashboard = Date.now() - started;

    started = Date.now();
    await page.goto(`${url}/clients`);
    await page.getByRole('row').nth(1).waitFor();
    const clientList = Date.now() - started;
    return [
      `Signed in as an SLP with ${clinician.clientIds.length} students in a district of ${d.clientIds.length}.`,
      `- dashboard, its requests settled: ${dashboard} ms (full page load)`,
      `- clients page, first row shown: ${clientList} ms (full page load)`,
    ].join('\n');
  } finally {
    await context.close();
  }
}
