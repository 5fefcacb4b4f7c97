import { addDays, addWeeks, format, startOfWeek } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `slp-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const goalA = 'Initial /s/ in words';
const goalB = 'Two-step directions';
const notesText = 'Worked on /s/ blends with picture cards; needed 2 visual cues.';
const progressNotes = 'Best with the mirror.';

/** POST through the signed-in browser context (its cookie), the way the SPA calls the API. */
const post = <T>(path: string, data: unknown) => apiCall<T>(page, app.url, 'POST', path, data);

const status = (name: string) => page.getByRole('status', { name });

describe('sessions: schedule from the calendar, document with autosave, goals', () => {
  let sessionUrl = '';

  it('signs up and creates two clients with a goal each', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });

    const ava = await post<{ id: string }>('/api/clients', { firstName: 'Ava', lastInitial: 'S', gradeLevel: '2', diagnosis: 'Articulation disorder' });
    const ben = await post<{ id: string }>('/api/clients', { firstName: 'Ben', lastInitial: 'T', gradeLevel: '4' });
    await post('/api/goals', {
      clientId: ava.id,
      name: goalA,
      type: 'articulation',
      description: '<p>Produce <strong>/s/</strong> in the initial position of words.</p>',
      targetCriteria: '80% accuracy over 3 sessions',
    });
    await post('/api/goals', {
      clientId: ben.id,
      name: goalB,
      type: 'receptive_language',
      description: 'Follow two-step directions without repetition.',
      targetCriteria: '4 of 5 trials',
    });
  });

  it('schedules a group session for both clients by clicking an empty slot in the week view', async () => {
    await page.goto(`${app.url}/sessions`);
    await page.getByRole('heading', { level: 1, name: 'Session Management' }).waitFor();
    // Next week, so the slot is in the future whatever day the test runs.
    const monday = startOfWeek(addWeeks(e2eNow(), 1), { weekStartsOn: 1 });
    const wednesday = addDays(monday, 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${format(monday, 'MMM d')} - `) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Schedule at Wednesday 10:00 AM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Session' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Date').inputValue()).toBe(format(wednesday, 'yyyy-MM-dd'));
    expect(await dialog.getByLabel('Time').inputValue()).toBe('10:00');
    await dialog.getByText('Please select at least one client').waitFor();
    expect(await dialog.getByRole('button', { name: 'Schedule Session' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByText('Ava S.').click();
    await dialog.getByText('Ben T.').click();
    await dialog.getByRole('button', { name: '45 min' }).click();
    expect(await dialog.getByText('Please select at least one client').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Schedule Session' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const block = page.getByRole('link', { name: /Ava S\., Ben T\./ });
    await block.waitFor();
    expect(await block.innerText()).toContain('Therapy · 45 min');
    // 45 minutes is 1.5 rows of 64 px.
    expect(Math.round((await block.boundingBox())!.height)).toBe(96);
    await block.click();
    await page.waitForURL(/\/sessions\/[0-9a-f-]{36}$/);
    sessionUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
    await page.getByText(format(wednesday, 'EEEE, MMMM d, yyyy') + ' at 10:00 AM').waitFor();
  });

  it('autosaves notes and attempts, survives a failed save, and finds them after a reload', async () => {
    await page.getByRole('heading', { name: 'Client Progress & Notes' }).waitFor();
    await page.getByRole('tab', { name: /Ava S\./ }).click();
    const notes = page.getByRole('textbox', { name: 'Session notes for Ava S.' });
    await notes.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The first notes save fails (the Wi-Fi drops): 'Error saving' shows, then the retry succeeds.
    let failures = 0;
    await page.route('**/api/sessions/*/notes', async (route) => {
      if (route.request().method() === 'POST' && failures === 0) {
        failures += 1;
        return route.abort('internetdisconnected');
      }
      return route.fallback();
    });
    await notes.click();
    await page.keyboard.type(notesText);
    await status('Session notes for Ava S.: Error saving').waitFor();
    await status('Session notes for Ava S.: Saved').waitFor({ timeout: 10_000 });
    await page.unroute('**/api/sessions/*/notes');

    // A goal without data opens on live scoring; the count form is one tap away.
    await page.getByRole('button', { name: `Enter counts instead for ${goalA}` }).click();
    await page.getByLabel(`Successful Attempts for ${goalA}`).fill('7');
    await page.getByLabel(`Total Attempts for ${goalA}`).fill('10');
    await page.getByLabel(`Progress notes for ${goalA}`).fill(progressNotes);
    expect(await page.getByTestId('accuracy').first().innerText()).toBe('70%');
    await status(`Progress for ${goalA}: Saved`).waitFor({ timeout: 10_000 });

    await page.reload();
    await page.getByRole('tab', { name: /Ava S\./ }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Session notes for Ava S.' }).innerText()).toBe(notesText);
    // The progress rows arrive in a request of their own, maybe after the notes.
    await expect.poll(() => page.getByLabel(`Successful Attempts for ${goalA}`).inputValue()).toBe('7');
    expect(await page.getByLabel(`Total Attempts for ${goalA}`).inputValue()).toBe('10');
    expect(await page.getByLabel(`Progress notes for ${goalA}`).inputValue()).toBe(progressNotes);
  });

  it("flushes a change made just before leaving the page", async () => {
    await page.getByRole('tab', { name: /Ben T\./ }).click();
    const notes = page.getByRole('textbox', { name: 'Session notes for Ben T.' });
    await notes.click();
    await page.keyboard.type('Followed 3 of 5 directions.');
    // Leave at once, before the 1-second debounce: the change is sent on the way out.
    await page.getByRole('link', { name: 'Back to Sessions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Session Management' }).waitFor();
    await page.goto(sessionUrl);
    await page.getByRole('tab', { name: /Ben T\./ }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Session notes for Ben T.' }).innerText()).toBe('Followed 3 of 5 directions.');
  });

  it("changes a participant's status", async () => {
    await page.getByLabel('Status for Ben T.').selectOption('present');
    await page.getByText('Client status successfully updated').waitFor();
    await page.getByRole('tab', { name: 'Ben T. (Present)' }).waitFor();
  });

  it('marks a goal mastered from the client’s Goals & Progress tab, with its accuracy chart', async () => {
    await page.goto(`${app.url}/clients`);
    await page.getByRole('button', { name: 'Edit Ava S.' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Client/ });
    await dialog.getByRole('tab', { name: 'Goals & Progress' }).click();
    await dialog.getByRole('heading', { name: goalA }).waitFor();
    await dialog.getByRole('img', { name: 'Accuracy over 1 session: 70%' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Mark Mastered' }).click();
    await page.getByText('Goal status has been updated.').waitFor();
    await dialog.getByText('Mastered', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Reactivate' }).waitFor();
  });
});
