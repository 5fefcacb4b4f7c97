import { addDays, format, startOfWeek, subWeeks } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NO_SCHOOL_YEAR } from '../../packages/contract/src/school-year.ts';
import { requiredByDay, wholeMinutes } from '../../packages/core/src/minutes/required.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { seriousViolations } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `slp-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

// A Monday/Wednesday series over the two weeks before this one: four occurrences, all in the past
// whatever day the journey runs, so marking them done is what a clinician does after the fact.
const firstMonday = startOfWeek(subWeeks(e2eNow(), 2), { weekStartsOn: 1 });
const lastFriday = addDays(firstMonday, 11);
const iepStart = ymd(firstMonday);
const iepEnd = ymd(addDays(firstMonday, 364));
// The school year the manager sets: from four weeks before the series to well after today, with a
// winter break over next week (Monday to Friday).
const schoolYear = { firstDay: ymd(addDays(firstMonday, -28)), lastDay: ymd(addDays(firstMonday, 300)) };
const winterBreak = { start: ymd(addDays(firstMonday, 21)), end: ymd(addDays(firstMonday, 25)) };
const calendar = { years: [{ ...schoolYear, breaks: [winterBreak] }], closed: new Set<string>() };

let clientId = '';

/** The student's row on the minutes page: the cells' texts, name first. */
async function minutesRow() {
  const row = page.getByTestId('minutes-row').filter({ hasText: 'Maya R.' });
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

/** The week view's blocks of the series (recent-session links elsewhere on the page carry no repeat mark). */
const occurrenceBlocks = () => page.getByRole('link', { name: /Maya R\./ }).filter({ has: page.getByLabel('Repeats weekly') });

async function openOccurrence(index: number) {
  await page.goto(`${app.url}/sessions`);
  await page.getByRole('heading', { level: 1, name: 'Session Management' }).waitFor();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('heading', { level: 2, name: new RegExp(`^${format(firstMonday, 'MMM d')} - `) }).waitFor();
  const blocks = occurrenceBlocks();
  await expect.poll(() => blocks.count()).toBe(2);
  await blocks.nth(index).click();
  await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
}

/** Marks the open session completed (this occurrence only) and the student's attendance. */
async function recordAttendance(attendance: 'Present' | 'Canceled', complete: boolean) {
  if (complete) {
    await page.getByRole('button', { name: 'Edit Session' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('This session only').check();
    await dialog.getByLabel('Status').selectOption({ label: 'Completed' });
    await dialog.getByRole('button', { name: /Save|Update/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await page.getByRole('tab', { name: /Maya R\./ }).click();
  await page.getByLabel('Status for Maya R.').selectOption({ label: attendance });
  // Canceling asks why (part 4 §1.3); the provider's absence owes the make-up the next tests see.
  if (attendance === 'Canceled') await page.getByLabel("Why Maya R.'s session was canceled").selectOption({ label: 'Provider unavailable' });
  await page.getByText('Client status successfully updated').first().waitFor();
}

describe('IEPs and service minutes: an IEP, a weekly series, attendance, the minutes page and a make-up', () => {
  it('signs up, adds a student, and adds a 60 min/week IEP from the client page', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Jordan', lastName: 'Lee', email, password });
    clientId = (await apiCall<{ id: string }>(page, app.url, 'POST', '/api/clients', { firstName: 'Maya', lastInitial: 'R', gradeLevel: '3' })).id;

    await page.goto(`${app.url}/clients`);
    await page.getByRole('link', { name: 'Maya R.' }).click();
    await page.getByRole('heading', { level: 1, name: 'Maya R.' }).waitFor();
    const card = page.getByRole('region', { name: 'IEP' });
    await card.getByRole('button', { name: 'Add IEP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add IEP' });
    await dialog.getByLabel('Start date').fill(iepStart);
    await dialog.getByLabel('End date').fill(iepEnd);
    await dialog.getByLabel('Service minutes').fill('60');
    await dialog.getByLabel('Per').selectOption('week');
    await dialog.getByRole('button', { name: /Save|Add IEP/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('60 min per week').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('asks for the school year, which a manager sets with a winter break on the School Calendar page; the break requires no minutes', async () => {
    await page.goto(`${app.url}/minutes`);
    await page.getByTestId('no-school-year').getByText(NO_SCHOOL_YEAR).waitFor();

    await page.goto(`${app.url}/school-calendar`);
    const card = page.getByRole('region', { name: 'School years' });
    await card.getByRole('button', { name: 'Add school year' }).click();
    await card.getByLabel('School year 1 name').fill('This school year');
    await card.getByLabel('School year 1 first day').fill(schoolYear.firstDay);
    await card.getByLabel('School year 1 last day').fill(schoolYear.lastDay);
    await card.getByRole('button', { name: 'Add break to school year 1' }).click();
    await card.getByLabel('School year 1 break 1 name').fill('Winter break');
    await card.getByLabel('School year 1 break 1 start').fill(winterBreak.start);
    await card.getByLabel('School year 1 break 1 end').fill(winterBreak.end);
    await card.getByRole('button', { name: 'Save school years' }).click();
    await card.getByText('School years saved · 0 sessions canceled').waitFor();
    // The pointer still rests on Save: judge the colours as read, not as hovered.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    // This week requires the IEP's 60 minutes; the break's week none.
    const week = (monday: Date) => `${app.url}/minutes?period=custom&from=${ymd(monday)}&to=${ymd(addDays(monday, 6))}`;
    await page.goto(week(addDays(firstMonday, 14)));
    await expect.poll(async () => (await minutesRow())[2]).toBe('60');
    await page.goto(week(addDays(firstMonday, 21)));
    await expect.poll(async () => (await minutesRow())[2]).toBe('0');
    expect(await page.getByTestId('no-school-year').count()).toBe(0);
  });

  it('schedules a weekly Monday/Wednesday series from the calendar in one go', async () => {
    await page.goto(`${app.url}/sessions`);
    await page.getByRole('heading', { level: 1, name: 'Session Management' }).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${format(firstMonday, 'MMM d')} - `) }).waitFor();
    await page.getByRole('button', { name: 'Schedule at Monday 10:00 AM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Session' });
    await dialog.getByText('Maya R.').click();
    await dialog.getByText('Repeats weekly on').click();
    const weekdays = dialog.getByRole('group', { name: 'Weekdays' });
    expect(await weekdays.getByRole('button', { name: 'Mon' }).getAttribute('aria-pressed')).toBe('true');
    await weekdays.getByRole('button', { name: 'Wed' }).click();
    await dialog.getByLabel('Until').fill(ymd(lastFriday));
    // The pointer still rests on Wed: judge the dialog's colours as read, not as hovered.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Schedule Session' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Scheduled 4 sessions').first().waitFor();
    await expect.poll(() => occurrenceBlocks().count()).toBe(2);
  });

  it('records two sessions completed with the student present and one canceled', async () => {
    await openOccurrence(0);
    await recordAttendance('Present', true);
    await openOccurrence(1);
    await recordAttendance('Present', true);
    // The third occurrence is the next week's Monday.
    await page.goto(`${app.url}/sessions`);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${format(addDays(firstMonday, 7), 'MMM d')} - `) }).waitFor();
    await occurrenceBlocks().first().click();
    await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
    await recordAttendance('Canceled', false);
  });

  it('shows delivered, required and one make-up owed on the minutes page', async () => {
    await page.getByRole('link', { name: 'Minutes' }).click();
    await page.getByRole('heading', { level: 1, name: /Minutes/ }).waitFor();
    // From the IEP's first day to today, prorated like the server: an instructional day is worth 12 of 60.
    const today = ymd(e2eNow());
    await page.goto(`${app.url}/minutes?period=custom&from=${iepStart}&to=${today}`);
    const ieps = [{ startDate: iepStart, endDate: iepEnd, status: 'active' as const, serviceMinutes: 60, servicePer: 'week' as const }];
    const byDay = requiredByDay(ieps, calendar, iepStart, today);
    const requiredToDate = wholeMinutes([...byDay.values()].reduce((a, b) => a + b, 0));
    const cells = await minutesRow();
    expect(cells[0]).toContain('Maya R.');
    expect(cells.slice(3, 6)).toEqual([String(requiredToDate), '60', '1']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('schedules the make-up from the client page, and the make-up is settled', async () => {
    await page.goto(`${app.url}/clients/${clientId}`);
    const minutes = page.getByRole('region', { name: 'Service minutes' });
    await minutes.getByRole('link', { name: /Schedule make-up/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Session' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Make-up for…').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Schedule Session' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${app.url}/minutes?period=custom&from=${iepStart}&to=${ymd(e2eNow())}`);
    await expect.poll(async () => (await minutesRow())[5]).toBe('0');
    await page.goto(`${app.url}/clients/${clientId}`);
    await page.getByRole('region', { name: 'Service minutes' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /Schedule make-up/ }).count()).toBe(0);
  });

  it('fits every new screen in a 390 px wide phone screen (no sideways scrolling of the page)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, heading] of [
        ['/minutes', /Minutes/],
        [`/clients/${clientId}`, 'Maya R.'],
        ['/school-calendar', /School Calendar/i],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      }
      await page.goto(`${app.url}/sessions?schedule=1&clientId=${clientId}`);
      const dialog = page.getByRole('dialog', { name: 'Schedule New Session' });
      await dialog.getByText('Repeats weekly on').click();
      await dialog.getByRole('group', { name: 'Weekdays' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
