/**
 * Progress notes and reports in Chromium: data recorded in two sessions through the API, a note
 * generated from the clients list's AI button, edited in the rich-text editor and saved, notes
 * generated for several clients with the progress bar, then Reports and its export. axe-core runs
 * on every screen and dialog.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, subDays } from 'date-fns';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `notes-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';

interface Note {
  id: string;
  content: string;
  status: string;
  generatedBy: string;
}

/** Calls the API through the signed-in browser context (its session cookie), as the SPA does. */
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) => apiCall<T>(page, app.url, method, path, data);

/** axe on the screen as it settles: a dialog fading in would read as low contrast. */
async function noAxeViolations() {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await seriousViolations(page)).toEqual([]);
}

async function saved(download: Promise<Download>) {
  const file = await download;
  // The browser runs in its own process (shared by the run): its download is copied here.
  const copy = join(mkdtempSync(join(tmpdir(), 'caseload-download-')), file.suggestedFilename());
  await file.saveAs(copy);
  return { name: file.suggestedFilename(), body: await readFile(copy) };
}

const ids: Record<'ava' | 'ben' | 'cal', string> = { ava: '', ben: '', cal: '' };

describe('progress notes and reports', () => {
  it('signs up, creates clients and goals, and records data in two sessions', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });

    const org = await call<{ id: string }>('POST', '/api/organizations', { name: 'Birch Elementary', type: 'school' });
    ids.ava = (await call<{ id: string }>('POST', '/api/clients', { firstName: 'Ava', lastInitial: 'S', gradeLevel: '2', organizationId: org.id })).id;
    ids.ben = (await call<{ id: string }>('POST', '/api/clients', { firstName: 'Ben', lastInitial: 'T', gradeLevel: '4', organizationId: org.id })).id;
    ids.cal = (await call<{ id: string }>('POST', '/api/clients', { firstName: 'Cal', lastInitial: 'U', gradeLevel: '1' })).id;

    const goal = (clientId: string, name: string, type: string, targetCriteria: string) =>
      call<{ id: string }>('POST', '/api/goals', { clientId, name, type, description: `<p>${name}</p>`, targetCriteria });
    const avaS = await goal(ids.ava, 'Initial /s/ in words', 'articulation', '80% accuracy over 3 sessions');
    const avaDirections = await goal(ids.ava, 'Two-step directions', 'receptive_language', '80% accuracy');
    const benFluency = await goal(ids.ben, 'Easy onsets in sentences', 'fluency', '75% accuracy');

    // Two completed sessions in the last month, both clients present, one data point per goal.
    const sessions: [Date, [string, number, number][]][] = [
      [subDays(e2eNow(), 12), [[avaS.id, 6, 10], [avaDirections.id, 5, 10], [benFluency.id, 4, 10]]],
      [subDays(e2eNow(), 5), [[avaS.id, 9, 10], [avaDirections.id, 7, 10], [benFluency.id, 6, 10]]],
    ];
    for (const [day, points] of sessions) {
      const scheduledAt = wallClock(day, 10).toISOString();
      const base = { type: 'therapy', clientIds: [ids.ava, ids.ben], scheduledAt, duration: 30 };
      const session = await call<{ id: string }>('POST', '/api/sessions', base);
      for (const clientId of [ids.ava, ids.ben]) await call('PATCH', `/api/sessions/${session.id}/participants/${clientId}`, { status: 'present' });
      for (const [goalId, successfulAttempts, totalAttempts] of points) {
        await call('POST', `/api/sessions/${session.id}/progress`, { goalId, successfulAttempts, totalAttempts, notes: '' });
      }
      await call('PUT', `/api/sessions/${session.id}`, { ...base, status: 'completed' });
    }
  });

  it("generates a note from the clients list's AI button and autosaves an edit", async () => {
    await page.goto(`${app.url}/clients`);
    await page.getByRole('button', { name: 'Generate progress note for Ava S.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Progress Note - Ava S.' });
    await dialog.getByText('No previous progress notes for this client').waitFor();
    expect(await dialog.getByLabel('Start date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await dialog.getByLabel('End date').inputValue()).toBe(format(e2eNow(), 'yyyy-MM-dd'));
    await noAxeViolations();

    // The spec's check before any request: the end must be after the start.
    const start = await dialog.getByLabel('Start date').inputValue();
    await dialog.getByLabel('Start date').fill(format(e2eNow(), 'yyyy-MM-dd'));
    await dialog.getByRole('button', { name: 'Generate Progress Note' }).click();
    await page.getByText('End date must be after start date.').waitFor();
    await dialog.getByLabel('Start date').fill(start);

    await dialog.getByRole('button', { name: 'Generate Progress Note' }).click();
    await page.getByText('Progress note generated successfully').waitFor({ timeout: 30_000 });
    const editor = dialog.getByRole('textbox', { name: 'Progress note' });
    await editor.waitFor();
    // The local generator writes from the recorded facts: Ava's /s/ accuracy went from 60% to 90%.
    const generated = await editor.innerText();
    expect(generated).toContain('60%');
    expect(generated).toContain('90%');
    await dialog.getByText(/^Saved at \d\d:\d\d:\d\d$/).waitFor();
    await noAxeViolations();

    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Parent conference scheduled for next week.');
    await dialog.getByText('Saving...').or(dialog.getByText(/^Saved at/)).first().waitFor();
    await expect
      .poll(async () => (await call<Note[]>('GET', `/api/clients/${ids.ava}/progress-notes`))[0]?.content ?? '', { timeout: 10_000 })
      .toContain('Parent conference scheduled for next week.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists the note, shows it in full, downloads the PDF, and saves a bold edit from the editor', async () => {
    await page.goto(`${app.url}/progress-notes`);
    await page.getByRole('heading', { level: 1, name: 'Progress Notes' }).waitFor();
    await page.getByRole('heading', { name: 'Notes (1)' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Ava S.' }).waitFor();
    await noAxeViolations();

    await page.getByRole('button', { name: 'View Full Note' }).click();
    const view = page.getByRole('dialog', { name: 'Progress Note - Ava S.' });
    await view.getByText('Parent conference scheduled for next week.').waitFor();
    await noAxeViolations();
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Download PDF' }).click();
    const file = await saved(download);
    expect(file.name).toMatch(/\.pdf$/);
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await view.getByRole('button', { name: 'Edit Note' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Progress Note - Ava S.' });
    const editor = edit.getByRole('textbox', { name: 'Progress note' });
    await editor.waitFor();
    await noAxeViolations();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Home practice recommended');
    await page.keyboard.press('Shift+Home');
    const bold = edit.getByRole('button', { name: 'Bold' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Progress note updated').waitFor();
    await edit.waitFor({ state: 'hidden' });

    const [stored] = await call<Note[]>('GET', `/api/clients/${ids.ava}/progress-notes`);
    expect(stored!.content).toContain('<strong>Home practice recommended</strong>');
    expect(stored!.status).toBe('updated');
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ava S.' }) }).getByText('Updated', { exact: true }).waitFor();
  });

  it("opens the generation dialog for a client picked with 'Generate New Note'", async () => {
    await page.getByRole('button', { name: 'Generate New Note' }).click();
    const picker = page.getByRole('dialog', { name: 'Generate New Note' });
    expect(await picker.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await noAxeViolations();
    await picker.getByLabel('Client').selectOption({ label: `Ben T. (${ids.ben.slice(0, 8)})` });
    await picker.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Progress Note - Ben T.' });
    await dialog.getByText('No previous progress notes for this client').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('generates notes for several clients with a progress bar, skipping the one that has a note', async () => {
    await page.getByRole('button', { name: 'Generate for Multiple Clients' }).click();
    const pick = page.getByRole('dialog', { name: 'Generate for Multiple Clients' });
    await pick.getByText('0 clients selected').waitFor();
    await noAxeViolations();
    await pick.getByText('Select All').click();
    await pick.getByText('3 clients selected').waitFor();
    await pick.getByRole('button', { name: 'Continue' }).click();

    const options = page.getByRole('dialog', { name: 'Generation Options' });
    expect(await options.getByRole('checkbox', { name: 'Skip clients that already have a note for this period' }).isChecked()).toBe(true);
    await noAxeViolations();
    await options.getByRole('button', { name: 'Generate 3 Notes' }).click();

    const bar = page.getByRole('progressbar', { name: 'Bulk progress note generation' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemax')).toBe('3');
    // The start call answers at once with the job running; the page polls it about every second.
    await page.getByRole('heading', { name: 'Generating progress notes...' }).waitFor();
    await page.getByRole('heading', { name: 'Bulk generation complete' }).waitFor({ timeout: 60_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('3');
    await page.getByText('Successfully generated 2 progress notes. 1 skipped (they already had a note for this period).').waitFor();
    await page.getByRole('heading', { name: 'Notes (3)' }).waitFor();
    await noAxeViolations();

    const all = await call<Note[]>('GET', '/api/progress-notes');
    expect(all).toHaveLength(3);
    expect(all.every((n) => n.generatedBy === 'ai')).toBe(true);
  });

  it('shows Reports from the recorded data and exports JSON and CSV', async () => {
    await page.goto(`${app.url}/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByRole('heading', { name: 'Client Progress Details' }).waitFor();
    const rows = page.getByTestId('client-progress');
    await rows.first().waitFor();
    // Ava: 27 of 40 attempts (68%, secondary); Ben: 10 of 20 (50%, destructive).
    expect(await rows.nth(0).getByRole('heading').innerText()).toBe('Ava S.');
    expect(await rows.nth(0).getByText('68% success').getAttribute('data-variant')).toBe('secondary');
    expect(await rows.nth(1).getByRole('heading').innerText()).toBe('Ben T.');
    expect(await rows.nth(1).getByText('50% success').getAttribute('data-variant')).toBe('destructive');
    expect(await rows.nth(0).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('68');
    // Cal has no data: 'No data' with no bar, last, and left out of the average (2 of 3 clients).
    expect(await rows.nth(2).getByRole('heading').innerText()).toBe('Cal U.');
    await rows.nth(2).getByText('No data', { exact: true }).waitFor();
    expect(await rows.nth(2).getByText(/% success$/).count()).toBe(0);
    expect(await rows.nth(2).getByRole('progressbar').count()).toBe(0);
    await page.getByText('Average of 2 of 3 clients with data').waitFor();
    await noAxeViolations();

    const json = await saved(Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON (data)' }).click()]).then(([d]) => d));
    expect(json.name).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.json$/);
    const text = json.body.toString('utf8');
    expect(text).toContain('\n  "generatedAt"');
    const exported = JSON.parse(text) as { period: { days: number }; clientProgress: { clientName: string; progressRate: number }[] };
    expect(exported.period.days).toBe(30);
    expect(exported.clientProgress.slice(0, 2).map((c) => [c.clientName, c.progressRate])).toEqual([
      ['Ava S.', 68],
      ['Ben T.', 50],
    ]);

    // 'Export Report' is the spreadsheet a person opens, never raw JSON.
    const csv = await saved(Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Report' }).click()]).then(([d]) => d));
    expect(csv.name).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.body.toString('utf8')).toMatch(/^\uFEFF"Client","Goal Count"/);

    await page.getByLabel('Time Period').selectOption('7');
    // Only the second session is in the last 7 days: Ava 16 of 20 (80%, default).
    await expect.poll(() => rows.nth(0).getByText('80% success').count()).toBe(1);
    expect(await rows.nth(0).getByText('80% success').getAttribute('data-variant')).toBe('default');
  });
});
