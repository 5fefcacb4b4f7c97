/**
 * Report-card season in Chromium (spec part 3 §6, issue 18's acceptance journey): a manager sets a
 * reporting period covering today on the School Calendar page, the notes page counts "Missing
 * notes: 3" for it and generates exactly those in one click (the bulk job runs in the local
 * worker), the count drops to 0, and the parent PDF of the student with two goals is downloaded
 * and read with pdfjs: the student's name as written, and per goal its name, its status in plain
 * words and its chart (axis text, the accuracy line stroked, the criterion dashed, the baseline).
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Trial } from '../../packages/contract/src/trials.ts';
import { addDays, instantAt, localDate } from '../../packages/core/src/school-calendar/dates.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { e2eNow } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';
import { dashedStrokes, opsBetween, readPdf, shownText, strokedPaths, strokes, type PdfDocument } from '../support/pdf-text.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const email = `report-card-${crypto.randomUUID().slice(0, 8)}@district.test`;
const password = 'Speech-therapy-2026!';

/** The student whose parent report is read: a Vietnamese name, printed as written. */
const STUDENT = { firstName: 'Nguyễn', lastInitial: 'Đ' };
const STUDENT_NAME = 'Nguyễn Đ.';
/** Scored trial by trial, with a baseline of 40% and a criterion of 80% over 3 sessions. */
const GOAL_S = 'Initial /s/ in words';
/** Counts only, no structured criterion or baseline. */
const GOAL_DIRECTIONS = 'Two-step directions';
const PERIOD_NAME = 'Winter progress report';

/** Calls the API through the signed-in browser context (its session cookie), as the SPA does. */
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown) => apiCall<T>(page, app.url, method, path, data);

/** `correct` of `total` trials with one cue level, the correct ones first. */
const trials = (cue: Trial['cue'], correct: number, total: number): Trial[] => Array.from({ length: total }, (_, i) => ({ correct: i < correct, cue }));

let today = '';
/** The two sessions' school days (12 and 5 days ago), as the chart's time axis labels them ("Sep 3"). */
const sessionDays: string[] = [];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const axisLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

let pdf: PdfDocument;
/** Where the goals end: the heading over the note's text. */
const NOTE_HEADING = 'Progress note';
/** A goal's part of the report, from its name to the next goal's name (or to the note's text). */
const goalOps = (name: string) => opsBetween(pdf.operators, name, name === GOAL_S ? GOAL_DIRECTIONS : NOTE_HEADING);
/** Text compared without its white space: a line break in the PDF takes the place of a space. */
const squash = (text: string) => text.replace(/\s+/g, '');

describe('report-card season: a reporting period, the missing notes generated in bulk, and the parent PDF with charts', () => {
  it('signs up and records two sessions of data for three students through the API', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Speech', email, password });
    const { timeZone } = await call<{ timeZone: string }>('GET', '/api/account');
    today = localDate(e2eNow(), timeZone);

    const org = await call<{ id: string }>('POST', '/api/organizations', { name: 'Birch Elementary', type: 'school' });
    const client = async (firstName: string, lastInitial: string, gradeLevel: string) =>
      (await call<{ id: string }>('POST', '/api/clients', { firstName, lastInitial, gradeLevel, organizationId: org.id })).id;
    const nguyen = await client(STUDENT.firstName, STUDENT.lastInitial, '2');
    const ben = await client('Ben', 'T', '4');
    const cal = await client('Cal', 'U', '1');

    const goal = async (clientId: string, name: string, type: string, targetCriteria: string, extra: Record<string, unknown> = {}) =>
      (await call<{ id: string }>('POST', '/api/goals', { clientId, name, type, description: `<p>${name}</p>`, targetCriteria, ...extra })).id;
    const sGoal = await goal(nguyen, GOAL_S, 'articulation', '80% accuracy over 3 sessions', {
      baseline: { accuracy: 40, date: addDays(today, -40) },
      criterionAccuracy: 80,
      criterionSessions: 3,
    });
    const directionsGoal = await goal(nguyen, GOAL_DIRECTIONS, 'receptive_language', '80% accuracy');
    const benGoal = await goal(ben, 'Easy onsets in sentences', 'fluency', '75% accuracy');
    const calGoal = await goal(cal, 'Answers wh- questions', 'expressive_language', '80% accuracy');

    // /s/: 7 of 10 then 8 of 10, each time 6 independent and 4 verbal trials (correct: 9
    // independently, 6 with verbal cues, of 20 trials), above the 40% baseline: Progressing. Directions: 7 of 10 then
    // 5 of 10, below where the period started: Not yet.
    const sessions: { daysAgo: number; sTrials: Trial[]; counts: [string, number, number][] }[] = [
      { daysAgo: 12, sTrials: [...trials('independent', 4, 6), ...trials('verbal', 3, 4)], counts: [[directionsGoal, 7, 10], [benGoal, 4, 10], [calGoal, 5, 10]] },
      { daysAgo: 5, sTrials: [...trials('independent', 5, 6), ...trials('verbal', 3, 4)], counts: [[directionsGoal, 5, 10], [benGoal, 6, 10], [calGoal, 6, 10]] },
    ];
    for (const { daysAgo, sTrials, counts } of sessions) {
      const day = addDays(today, -daysAgo);
      sessionDays.push(day);
      const base = { type: 'therapy', clientIds: [nguyen, ben, cal], scheduledAt: instantAt(day, '10:00', timeZone), duration: 30 };
      const session = await call<{ id: string }>('POST', '/api/sessions', base);
      for (const clientId of base.clientIds) await call('PATCH', `/api/sessions/${session.id}/participants/${clientId}`, { status: 'present' });
      const scored = await call<{ successfulAttempts: number; totalAttempts: number }>('PUT', `/api/sessions/${session.id}/trials`, {
        clientId: nguyen,
        goalId: sGoal,
        trials: sTrials,
        clientUpdatedAt: e2eNow().toISOString(),
      });
      expect(scored.totalAttempts).toBe(10);
      for (const [goalId, successfulAttempts, totalAttempts] of counts) {
        await call('POST', `/api/sessions/${session.id}/progress`, { goalId, successfulAttempts, totalAttempts, notes: '' });
      }
      await call('PUT', `/api/sessions/${session.id}`, { ...base, status: 'completed' });
    }
  });

  it('sets a reporting period covering today on the School Calendar page', async () => {
    await page.goto(`${app.url}/school-calendar`);
    await page.getByRole('heading', { level: 1, name: 'School Calendar' }).waitFor();
    const card = page.getByRole('region', { name: 'Reporting periods' });
    await card.getByText('No reporting periods yet.').waitFor();
    await card.getByRole('button', { name: 'Add period' }).click();
    await card.getByLabel('Period 1 name').fill(PERIOD_NAME);
    await card.getByLabel('Period 1 start').fill(addDays(today, -30));
    await card.getByLabel('Period 1 end').fill(addDays(today, 30));
    await card.getByRole('button', { name: 'Save reporting periods' }).click();
    await card.getByRole('status').filter({ hasText: 'Reporting periods saved' }).waitFor();
    await card.getByText(`Current period: ${PERIOD_NAME}`).waitFor();

    // Saved on the server, not only on the screen: a fresh load shows it.
    await page.reload();
    expect(await page.getByRole('region', { name: 'Reporting periods' }).getByLabel('Period 1 name').inputValue()).toBe(PERIOD_NAME);
    expect(await call('GET', '/api/reporting-periods')).toEqual({
      periods: [{ name: PERIOD_NAME, start: addDays(today, -30), end: addDays(today, 30) }],
      current: { name: PERIOD_NAME, start: addDays(today, -30), end: addDays(today, 30) },
    });
  });

  it('shows "Missing notes: 3" and generates exactly those in one click until "Missing notes: 0"', async () => {
    await page.goto(`${app.url}/progress-notes`);
    await page.getByRole('heading', { level: 1, name: 'Progress Notes' }).waitFor();
    const card = page.getByRole('region', { name: 'Missing notes' });
    await card.getByRole('heading', { name: 'Missing notes: 3' }).waitFor();
    await card.getByText(PERIOD_NAME).waitFor();

    await card.getByRole('button', { name: 'Generate 3 missing notes' }).click();
    // The job runs in the local worker; the page polls it and refreshes the count when it completes.
    await page.getByRole('heading', { name: 'Bulk generation complete' }).waitFor({ timeout: 60_000 });
    await card.getByRole('heading', { name: 'Missing notes: 0' }).waitFor();
    await page.getByRole('heading', { name: 'Notes (3)' }).waitFor();
    expect(await card.getByRole('button', { name: /missing note/ }).count()).toBe(0);

    const notes = await call<{ reportingPeriodStart: string; reportingPeriodEnd: string }[]>('GET', '/api/progress-notes');
    expect(notes).toHaveLength(3);
    expect(notes.every((n) => n.reportingPeriodStart === addDays(today, -30) && n.reportingPeriodEnd === addDays(today, 30))).toBe(true);
  });

  it("downloads the parent PDF of the student with two goals from the note's dialog", async () => {
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: STUDENT_NAME }) });
    await item.getByRole('button', { name: 'View Full Note' }).click();
    const view = page.getByRole('dialog', { name: `Progress Note - ${STUDENT_NAME}` });
    await view.getByRole('button', { name: 'Download PDF' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`progress-note-Nguyễn-Đ-${addDays(today, 30)}.pdf`);
    // The browser runs in its own process (shared by the run): its download is copied here.
    const copy = join(mkdtempSync(join(tmpdir(), 'caseload-download-')), download.suggestedFilename());
    await download.saveAs(copy);
    const body = await readFile(copy);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    pdf = await readPdf(body);
  });

  it("prints the student's name as written and each goal's name and status", () => {
    expect(pdf.text).toContain(STUDENT_NAME);
    const lines = pdf.pages.flatMap((p) => p.lines);
    expect(lines).toContain(GOAL_S);
    expect(lines).toContain(GOAL_DIRECTIONS);
    // Each goal's status line comes after its name: /s/ progressing, directions not yet.
    const sSection = shownText(goalOps(GOAL_S));
    const directionsSection = shownText(goalOps(GOAL_DIRECTIONS));
    expect(sSection).toContain('Status: Progressing');
    expect(directionsSection).toContain('Status: Not yet');
    expect(sSection).toContain('Correct by cue level: Independent 45% · Verbal 30%');
    expect(directionsSection).not.toContain('Correct by cue level:');

    // Then the note's text, after the goals: the local generator's paragraph for each goal.
    const note = squash(shownText(opsBetween(pdf.operators, NOTE_HEADING)));
    expect(note).toContain(squash(`${GOAL_S} (Articulation)`));
    expect(note).toContain(squash(`${GOAL_DIRECTIONS} (Receptive Language)`));
    expect(note).toContain(squash(`${STUDENT_NAME} was scheduled for 2 sessions`));
  });

  it('draws a chart per goal: axis text, the accuracy line, the dashed criterion and the baseline', () => {
    const sOps = goalOps(GOAL_S);
    const directionsOps = goalOps(GOAL_DIRECTIONS);
    for (const ops of [sOps, directionsOps]) {
      const text = shownText(ops);
      for (const label of ['0%', '25%', '50%', '75%', '100%', ...sessionDays.map(axisLabel)]) expect(text).toContain(label);
      // Vector drawing, not a picture: the axis and grid lines are stroked paths, and the
      // accuracy line (solid, 2 pt) joins the two sessions' points.
      expect(strokedPaths(ops)).toBeGreaterThanOrEqual(3);
      expect(ops.some((o) => o.name.startsWith('paintImage') || o.name.startsWith('paintInlineImage'))).toBe(false);
      const accuracyLine = strokes(ops).filter((s) => s.lineWidth === 2 && s.dash.length === 0);
      expect(accuracyLine.map((s) => s.path)).toEqual([['moveTo', 'lineTo']]);
    }

    // The criterion: a dashed horizontal line (setDash with a non-empty dash array before it),
    // labelled; the baseline: a hollow diamond (a closed four-corner path filled and outlined), labelled.
    const sText = shownText(sOps);
    expect(sText).toContain('Criterion 80%');
    expect(sText).toContain('Baseline 40%');
    expect(sOps.some((o) => o.name === 'setDash' && Array.isArray(o.args[0]) && (o.args[0] as number[]).length > 0)).toBe(true);
    const dashed = strokes(sOps).filter((s) => s.dash.some((d) => d > 0));
    expect(dashed).toHaveLength(1);
    expect(dashedStrokes(sOps)).toBe(1);
    const [x1, y1, x2, y2] = dashed[0]!.coords;
    expect(dashed[0]!.path).toEqual(['moveTo', 'lineTo']);
    expect(y1).toBe(y2);
    expect(x2! - x1!).toBeGreaterThan(100);
    const diamond = (ops: typeof sOps) => strokes(ops).filter((s) => s.paint === 'fillStroke' && s.path.join() === 'moveTo,lineTo,lineTo,lineTo,closePath');
    expect(diamond(sOps)).toHaveLength(1);

    // The goal without a criterion or baseline draws neither.
    const directionsText = shownText(directionsOps);
    expect(directionsText).not.toContain('Criterion');
    expect(directionsText).not.toContain('Baseline');
    expect(dashedStrokes(directionsOps)).toBe(0);
    expect(diamond(directionsOps)).toHaveLength(0);
  });
});
