/**
 * Families in Chromium (part 4 §6, issue 31's acceptance journey): a clinician delivers a note,
 * writes and reviews its Spanish translation and shares it with the family; the family opens the
 * link on a phone (390 px), enters the code, reads the Spanish report (lang="es"), downloads its
 * PDF and acknowledges it with a typed name; the clinician then sees Acknowledged.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, instantAt, localDate } from '../../packages/core/src/school-calendar/dates.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { PHONE_VIEWPORT, seriousViolations } from '../support/axe.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { apiCall, openBrowser, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';
import { readPdf } from '../support/pdf-text.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `families-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';
const STUDENT_NAME = 'Lucía R.';
const SPANISH_NOTE = 'Lucía practicó el sonido /r/ cada semana y avanzó mucho.';

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) => apiCall<T>(page, app.url, method, path, data);

let link = '';
let code = '';

describe('a progress report shared with the family, in Spanish, acknowledged', () => {
  it('records two sessions of data and generates the note through the API', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });
    const { timeZone } = await call<{ timeZone: string }>('GET', '/api/account');
    const today = localDate(e2eNow(), timeZone);
    const org = await call<{ id: string }>('POST', '/api/organizations', { name: 'Birch Elementary', type: 'school' });
    const client = await call<{ id: string; homeLanguage: string }>('POST', '/api/clients', { firstName: 'Lucía', lastInitial: 'R', gradeLevel: '2', organizationId: org.id, homeLanguage: 'es' });
    expect(client.homeLanguage).toBe('es');
    const goal = await call<{ id: string }>('POST', '/api/goals', { clientId: client.id, name: 'Initial /r/ in words', type: 'articulation', description: '<p>Initial /r/</p>', targetCriteria: '80% accuracy over 3 sessions', criterionAccuracy: 80, criterionSessions: 3 });
    for (const [daysAgo, correct] of [[12, 5], [5, 8]] as const) {
      const base = { type: 'therapy', clientIds: [client.id], scheduledAt: instantAt(addDays(today, -daysAgo), '10:00', timeZone), duration: 30 };
      const session = await call<{ id: string }>('POST', '/api/sessions', base);
      await call('PATCH', `/api/sessions/${session.id}/participants/${client.id}`, { status: 'present' });
      await call('POST', `/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: correct, totalAttempts: 10, notes: '' });
      await call('PUT', `/api/sessions/${session.id}`, { ...base, status: 'completed' });
    }
    await call('POST', `/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: addDays(today, -20), reportingPeriodEnd: today });
  });

  it('delivers the note, reviews its Spanish translation and shares it: the link and the code shown once', async () => {
    await page.goto(`${app.url}/progress-notes`);
    await page.getByRole('heading', { level: 1, name: 'Progress Notes' }).waitFor();
    await page.getByRole('button', { name: 'View Full Note' }).click();
    const view = page.getByRole('dialog', { name: `Progress Note - ${STUDENT_NAME}` });
    await view.getByRole('button', { name: 'Mark as Delivered' }).click();
    // Delivering asks first: it locks the note.
    await page.getByRole('alertdialog', { name: 'Mark as Delivered' }).getByRole('button', { name: 'Mark as Delivered' }).click();
    const family = view.getByRole('region', { name: 'Family' });
    await family.getByText('Not shared with the family yet.').waitFor();

    await family.getByLabel('Report language').selectOption('es');
    await family.getByLabel('Note in Español').fill(SPANISH_NOTE);
    // The local generator offers no draft, and says so.
    await family.getByRole('button', { name: 'Draft with AI' }).click();
    const noDraft = page.getByText('The local note generator offers no translation');
    await noDraft.waitFor();
    await family.getByText('I have reviewed this translation').click();
    await family.getByRole('button', { name: 'Save reviewed translation' }).click();
    await family.getByText('Reviewed. You can share the report in Español now.').waitFor();

    await family.getByRole('button', { name: 'Share with family' }).click();
    const shown = family.getByTestId('new-share');
    await shown.waitFor();
    link = await shown.getByRole('textbox', { name: 'Link' }).inputValue();
    code = await shown.getByRole('textbox', { name: 'Code' }).inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/family/`));
    expect(code).toMatch(/^\d{6}$/);
    await family.getByTestId('share-status').filter({ hasText: 'Shared' }).waitFor();
    // The toast over the dialog is gone, and the pointer off the button it clicked (a hovered
    // button is drawn lighter), before the screen is checked.
    await noDraft.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
  });

  it('lets the family open the link on a phone, enter the code and read the Spanish report', async () => {
    const phone = await openBrowser({ viewport: PHONE_VIEWPORT });
    try {
      const p = phone.page;
      await p.goto(link);
      // Before the code, the page speaks the browser's language (English here).
      await p.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
      await p.getByLabel('Code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await p.getByRole('button', { name: 'Open the report' }).click();
      await p.getByText('That code is not right. Please check it and try again.').waitFor();
      await p.getByLabel('Code').fill(code);
      await p.getByRole('button', { name: 'Open the report' }).click();

      await p.getByRole('heading', { level: 1, name: 'Informe de progreso' }).waitFor();
      expect(await p.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);
      await p.getByText(`Estudiante: ${STUDENT_NAME}`).waitFor();
      await p.getByText('Estado: Avanzando').waitFor();
      await p.getByText(SPANISH_NOTE).waitFor();
      await p.getByText(/^Traducido del inglés, revisado por Robin Speech el \d+ de \w+ de \d{4}$/).waitFor();
      await p.getByTestId('goal-chart-drawing').waitFor();
      expect(await p.locator('main').innerText()).not.toMatch(/\b(Progressing|Status:|Progress Report)\b/);
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(p)).toEqual([]);

      const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Descargar PDF' }).click()]);
      const copy = join(mkdtempSync(join(tmpdir(), 'caseload-download-')), download.suggestedFilename());
      await download.saveAs(copy);
      const pdf = await readPdf(await readFile(copy));
      expect(pdf.text).toContain('Informe de progreso');
      expect(pdf.text).toContain('Estado: Avanzando');
      expect(pdf.text).not.toMatch(/\b(Progressing|Status:)/);

      await p.getByLabel('Su nombre').fill('María Rodríguez');
      await p.getByRole('button', { name: 'He recibido este informe' }).click();
      await p.getByTestId('acknowledged').filter({ hasText: 'Recibido por María Rodríguez el' }).waitFor();
    } finally {
      await phone.context.close();
      await phone.browser.close();
    }
  });

  it('shows the clinician Acknowledged', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'View Full Note' }).click();
    const family = page.getByRole('dialog', { name: `Progress Note - ${STUDENT_NAME}` }).getByRole('region', { name: 'Family' });
    await family.getByTestId('share-status').filter({ hasText: 'Acknowledged' }).waitFor();
    await family.getByText(/by María Rodríguez on/).waitFor();
  });
});
