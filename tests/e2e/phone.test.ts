import { addDays, addWeeks, differenceInCalendarDays, format, startOfWeek, subDays } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { PHONE_VIEWPORT, seriousViolations } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `phone-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const clients = [
  { firstName: 'Emma', lastInitial: 'S', gradeLevel: '2', diagnosis: 'Articulation disorder' },
  { firstName: 'Liam', lastInitial: 'T', gradeLevel: '4' },
  { firstName: 'Noah', lastInitial: 'B', gradeLevel: 'K' },
];
// Next week, so the sessions are in the future whatever day the test runs.
const monday = startOfWeek(addWeeks(e2eNow(), 1), { weekStartsOn: 1 });
const wednesday = addDays(monday, 2);
const at = (hours: number, minutes = 0) => wallClock(wednesday, hours, minutes).toISOString();

/** POST through the signed-in browser context (its cookie), the way the SPA calls the API. */
const post = <T>(path: string, data: unknown) => apiCall<T>(page, app.url, 'POST', path, data);

let emmaId = '';

const h1 = (name: string) => page.getByRole('heading', { level: 1, name });

/** WCAG contrast of an sRGB colour against white. */
function contrastOnWhite(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

/** How far the page itself scrolls sideways (0 when everything fits its width). */
const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The element's box, asserted to lie inside the viewport's width (and, once scrolled to, its height). */
async function expectOnScreen(target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width);
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height);
  return box;
}

async function openSessionsWeekWithTheSessions() {
  await page.goto(`${app.url}/sessions`);
  await h1('Session Management').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('a phone (390 px) and WCAG 2.2 target sizes', () => {
  it('signs up and adds clients and overlapping sessions', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });
    const [emma, liam, noah] = await Promise.all(clients.map((c) => post<{ id: string }>('/api/clients', c)));
    emmaId = emma!.id;
    // Two sessions at once put two lanes in Wednesday's column; a third makes the month's '+1 more'.
    await post('/api/sessions', { type: 'therapy', clientIds: [emma!.id], scheduledAt: at(10), duration: 60 });
    await post('/api/sessions', { type: 'therapy', clientIds: [liam!.id], scheduledAt: at(10, 30), duration: 30 });
    await post('/api/sessions', { type: 'evaluation', clientIds: [noah!.id], scheduledAt: at(14), duration: 30 });
  });

  it('keeps a 24 px target for every slot a session covers in the week, and 24 px session links in the month', async () => {
    await openSessionsWeekWithTheSessions();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${format(monday, 'MMM d')} - `) }).waitFor();
    const emmaBlock = page.getByRole('link', { name: /Emma S\./ });
    await emmaBlock.waitFor();
    // The covered slot's free strip: at least 24 px wide and the row's 64 px tall, and a click there reaches the slot.
    const slot = page.getByRole('button', { name: 'Schedule at Wednesday 10:00 AM' });
    const slotBox = (await slot.boundingBox())!;
    const blockBox = (await emmaBlock.boundingBox())!;
    const liamBox = (await page.getByRole('link', { name: /Liam T\./ }).boundingBox())!;
    const freeWidth = slotBox.x + slotBox.width - Math.max(blockBox.x + blockBox.width, liamBox.x + liamBox.width);
    expect(freeWidth).toBeGreaterThanOrEqual(24);
    expect(slotBox.height).toBeGreaterThanOrEqual(24);
    await page.mouse.click(slotBox.x + slotBox.width - 12, slotBox.y + slotBox.height / 2);
    const dialog = page.getByRole('dialog', { name: 'Schedule New Session' });
    expect(await dialog.getByLabel('Time').inputValue()).toBe('10:00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByRole('heading', { level: 2, name: format(wednesday, 'MMMM yyyy') }).waitFor();
    const monthLinks = page.getByRole('table').getByRole('link');
    await monthLinks.first().waitFor();
    for (const link of await monthLinks.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    const more = page.getByRole('button', { name: `+1 more on ${format(wednesday, 'EEEE, MMMM d')}` });
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    // Judged at rest, without the hover tint of the Month button just clicked.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('rings every focused control with at least 3:1 contrast against white', async () => {
    const main = page.getByRole('navigation', { name: 'Main' });
    const controls = [
      main.getByRole('link', { name: 'Clients' }),
      main.getByRole('link', { name: 'Sessions' }),
      page.getByRole('button', { name: 'Sign Out' }),
      page.getByRole('button', { name: 'Notifications' }),
      page.getByRole('button', { name: 'Settings' }),
    ];
    // A key press first, so Chromium treats the focus that follows as keyboard focus (:focus-visible).
    await page.keyboard.press('Shift');
    for (const control of controls) {
      await control.focus();
      const ring = await control.evaluate((element) => {
        const style = getComputedStyle(element);
        // The computed colour as sRGB channels, read through a canvas (it may be written as oklch or a variable).
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.fillStyle = style.outlineColor;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), rgb: [r!, g!, b!], alpha: a! };
      });
      const name = await control.getAttribute('aria-label') ?? await control.innerText();
      expect(ring.style, name).not.toBe('none');
      expect(ring.width, name).toBeGreaterThanOrEqual(2);
      expect(ring.alpha, name).toBe(255);
      expect(contrastOnWhite(ring.rgb), name).toBeGreaterThanOrEqual(3);
    }
  });

  it('lists clients as cards with every action on screen', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${app.url}/clients`);
    await h1('Client Management').waitFor();
    const cards = page.getByTestId('client-card');
    await page.getByText('3 clients').waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.getByRole('table').count()).toBe(0);
    for (const { firstName, lastInitial } of clients) {
      const name = `${firstName} ${lastInitial}.`;
      const card = cards.filter({ hasText: name });
      for (const action of [`View ${name}`, `Edit ${name}`, `Generate progress note for ${name}`, `Archive ${name}`]) {
        const box = await expectOnScreen(card.getByRole('button', { name: action }), action);
        expect(Math.min(box.width, box.height), action).toBeGreaterThanOrEqual(24);
      }
    }
    expect(await sidewaysScroll()).toBe(0);

    // The actions work from the card.
    await cards.filter({ hasText: 'Liam T.' }).getByRole('button', { name: 'Edit Liam T.' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Client Information' }).waitFor();
    expect(await page.getByRole('dialog').getByLabel('First Name').inputValue()).toBe('Liam');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the calendar a day at a time, fitting the screen, with Previous and Next', async () => {
    await page.goto(`${app.url}/sessions`);
    await h1('Session Management').waitFor();
    const today = e2eNow();
    await page.getByRole('heading', { level: 2, name: format(today, 'EEEE, MMMM d, yyyy') }).waitFor();
    expect(await page.getByRole('group', { name: 'Calendar view' }).getByRole('button').allTextContents()).toEqual(['Month', 'Day']);
    // Walk to the sessions' Wednesday a day at a time.
    const days = differenceInCalendarDays(wednesday, today);
    for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: format(wednesday, 'EEEE, MMMM d, yyyy') }).waitFor();
    await page.getByText('3 sessions scheduled').waitFor();
    for (const name of [/Emma S\./, /Liam T\./, /Noah B\./]) await expectOnScreen(page.getByRole('link', { name }), String(name));
    await expectOnScreen(page.getByRole('button', { name: 'Schedule at Wednesday 9:00 AM' }), 'an empty slot');
    expect(await sidewaysScroll()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('every screen at 1280 and 390 px', () => {
  const screens = ['/', '/minutes', '/reports', '/service-log', '/progress-notes', '/organizations', '/users', '/school-calendar', '/security', '/single-sign-on'];

  it("a client's page passes axe at both widths and does not scroll sideways on a phone", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/clients/${emmaId}`);
    await page.getByRole('heading', { level: 1, name: /Emma S\./ }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByRole('heading', { level: 1, name: /Emma S\./ }).waitFor();
    expect(await sidewaysScroll()).toBe(0);
  });

  it.each(screens)('%s passes axe (WCAG 2.2 AA) at both widths and does not scroll sideways on a phone', async (path) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Judged once the screen's reads have answered (no request in flight), not while skeletons show.
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sidewaysScroll()).toBe(0);
  });
});

describe('goal charts on the reports page', () => {
  it("draws a client's goal figure after Show charts, within a phone's width, passing axe", async () => {
    const baselineDay = format(subDays(e2eNow(), 10), 'yyyy-MM-dd');
    await post('/api/goals', {
      clientId: emmaId,
      name: 'Produces /s/ in words',
      type: 'articulation',
      description: '<p>Produces /s/ in words</p>',
      targetCriteria: '80% accuracy',
      baseline: { accuracy: 40, date: baselineDay },
      criterionAccuracy: 80,
      criterionSessions: 3,
    });
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${app.url}/reports`);
    await h1('Reports').waitFor();
    const emma = page.getByTestId('client-progress').filter({ has: page.getByRole('heading', { name: 'Emma S.' }) });
    const toggle = emma.getByRole('button', { name: 'Show charts' });
    await toggle.click();
    await emma.getByRole('button', { name: 'Hide charts' }).waitFor();
    expect(await emma.getByRole('button', { name: 'Hide charts' }).getAttribute('aria-expanded')).toBe('true');

    const drawing = emma.getByRole('img', { name: 'No sessions with data in this period; baseline 40%; criterion 80%; status: No data' });
    await drawing.locator('svg text', { hasText: 'Criterion 80%' }).waitFor();
    await drawing.locator('svg text', { hasText: 'Baseline 40%' }).waitFor();
    const svg = (await drawing.locator('svg').boundingBox())!;
    expect(svg.height).toBe(180);
    expect(svg.x).toBeGreaterThanOrEqual(0);
    expect(svg.x + svg.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(await sidewaysScroll()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
