import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type ElementHandle, type Page } from 'playwright-core';
import type { SeededDistrict } from './seed-large.ts';

/**
 * Signs in through the page as the district's first clinician (an SLP with a caseload), then times
 * the dashboard until its requests settle and the clients page until its first row shows.
 */
export async function openBrowserForBench(url: string, d: SeededDistrict, scoringSessionId?: string): Promise<string> {
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
      ...(scoringSessionId ? await scoringLatency(page, url, scoringSessionId) : []),
    ].join('\n');
  } finally {
    await context.close();
  }
}

const TAPS = 40;

/**
 * The session page of a group session (10 students × 5 goals) in its score grid: the time from a
 * tap on Correct (or on another student's goal) to the next frame, measured in the page: the click
 * runs React's update synchronously, so the frame after it shows the new count. The save itself
 * goes through the offline queue in the background and is not part of the figure.
 */
async function scoringLatency(page: Page, url: string, sessionId: string): Promise<string[]> {
  await page.goto(`${url}/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Score grid' }).click();
  const grid = page.getByRole('group', { name: 'Score grid' });
  await grid.getByRole('button', { name: 'Correct', exact: true }).waitFor();
  // The cells: each student's goals sit in a group "Goals of <student>".
  const cells = grid.getByRole('group', { name: /^Goals of / }).getByRole('button');
  const cellCount = await cells.count();
  if (cellCount === 0) throw new Error('the score grid shows no goal cells');
  const clickToFrame = (target: ElementHandle) =>
    page.evaluate(async (el) => {
      const started = performance.now();
      (el as HTMLElement).click();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    }, target);
  const taps: number[] = [];
  const switches: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    if (i % 4 === 0) {
      const cell = await cells.nth((i / 4) * 7 % cellCount).elementHandle();
      switches.push(await clickToFrame(cell!));
    }
    const correct = await grid.getByRole('button', { name: 'Correct', exact: true }).elementHandle();
    taps.push(await clickToFrame(correct!));
  }
  const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((q / 100) * xs.length))]!;
  return [
    `- scoring, a group session of 10 students × 5 goals in the score grid (${cellCount} cells), ${TAPS} taps on Correct: tap to next frame p50 ${p(taps, 50).toFixed(1)} ms, p95 ${p(taps, 95).toFixed(1)} ms, worst ${Math.max(...taps).toFixed(1)} ms; choosing another student's goal p50 ${p(switches, 50).toFixed(1)} ms, worst ${Math.max(...switches).toFixed(1)} ms`,
  ];
}
