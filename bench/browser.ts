import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { SeededTenant } from './seed-large.ts';

/** Signs in through the page, then times the dashboard and the client list until they show data. */
export async function openBrowserForBench(url: string, t: SeededTenant, clients: number): Promise<string> {
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
    await panel.getByLabel('Email').fill(t.email);
    await panel.getByLabel('Password', { exact: true }).fill(t.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${url}/`);

    let started = Date.now();
    await page.goto(`${url}/`);
    await page.getByText(String(clients), { exact: true }).first().waitFor();
    const dashboard = Date.now() - started;

    started = Date.now();
    await page.goto(`${url}/clients`);
    await page.getByRole('row').nth(1).waitFor();
    const clientList = Date.now() - started;
    return `- dashboard with its numbers: ${dashboard} ms (full page load)\n- client list with ${clients} clients, first row shown: ${clientList} ms (full page load)`;
  } finally {
    await context.close();
  }
}
