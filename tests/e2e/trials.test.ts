/**
 * Acceptance journey of live data collection (issue 16, spec part 3 §3) in Chromium on a 390 × 844
 * phone screen, with the production build's service worker allowed: ten trials at two cue levels
 * saved, five more scored with the network down (kept in the device's queue), a reload
 * while still offline served by the service worker and showing all fifteen, and every trial on the
 * server in the order tapped once the network is back; then a group session scored from the
 * students × goals grid. The records the journey does not test are seeded through the API.
 */
import { subDays } from 'date-fns';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProgressPoint } from '../../packages/contract/src/sessions.ts';
import { cueLevelLabels, type Trial } from '../../packages/contract/src/trials.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { PHONE_VIEWPORT, seriousViolations } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { signInInBrowser, useBrowserApp } from '../support/e2e.ts';
import { useNetworkSwitch } from '../support/e2e-network.ts';
import { addGoal, expectStatus, schedule } from '../support/fixtures-sessions.ts';

let app: RunningApp;
let context: BrowserContext;
let page: Page;

useBrowserApp((env) => ({ app, context, page } = env), { serviceWorkers: 'allow', viewport: PHONE_VIEWPORT });

/** The signed-up SLP (the account's owner) as an API client, for seeding and reading the server. */
let slp: Agent;
let email = '';

// Yesterday at 10:00 (the account's time): a session being documented, as a clinician does after the fact.
const yesterday = subDays(e2eNow(), 1);
const at = (hour: number) => wallClock(yesterday, hour).toISOString();

const GOAL = 'Initial /s/ in words';
let single = { sessionId: '', goalId: '' };

const trial = (correct: boolean, cue: Trial['cue']): Trial => ({ correct, cue });
/** Six independent and four verbal, mixed correct and incorrect: 7 of 10. */
const firstTen: Trial[] = [
  trial(true, 'independent'),
  trial(true, 'independent'),
  trial(false, 'independent'),
  trial(true, 'independent'),
  trial(true, 'independent'),
  trial(false, 'independent'),
  trial(true, 'verbal'),
  trial(true, 'verbal'),
  trial(false, 'verbal'),
  trial(true, 'verbal'),
];
/** Scored offline: 4 of 5 correct, both levels again. */
const offlineFive: Trial[] = [trial(true, 'verbal'), trial(false, 'verbal'), trial(true, 'independent'), trial(true, 'independent'), trial(true, 'verbal')];

const header = () => page.getByRole('banner');
const ALL_SAVED = 'All changes saved';
/** Five taps on one goal are five changes, though the device sends them as one list (the newest supersedes the waiting one). */
const OFFLINE_FIVE_CHANGES = 'Offline – 5 changes not yet saved';

const network = useNetworkSwitch();
const setNetwork = (state: 'offline' | 'online') => network.setNetwork(context, state);

async function progressOf(sessionId: string): Promise<ProgressPoint[]> {
  return expectStatus(await slp.get(`/api/sessions/${sessionId}/progress`), 200) as ProgressPoint[];
}

/** The trials the server holds for a goal of a session (undefined: no row). */
async function storedTrials(sessionId: string, goalId: string): Promise<Trial[] | undefined> {
  return (await progressOf(sessionId)).find((point) => point.goalId === goalId)?.trials;
}

/**
 * The unsent saves in the device's queue (IndexedDB, web/src/lib/offline-queue.ts), as goal and
 * trials. Read directly: the screen shows a tap before the device has stored it.
 */
function deviceQueue(): Promise<{ goalId: string; trials: Trial[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('caseload-offline-saves');
        opening.onerror = () => reject(opening.error ?? new Error('The device queue could not be opened'));
        opening.onsuccess = () => {
          const db = opening.result;
          const reading = db.transaction('entries').objectStore('entries').getAll();
          reading.onerror = () => reject(reading.error ?? new Error('The device queue could not be read'));
          reading.onsuccess = () => {
            db.close();
            const entries = reading.result as { payload: { body: { goalId: string; trials: Trial[] } } }[];
            resolve(entries.map(({ payload }) => ({ goalId: payload.body.goalId, trials: payload.body.trials })));
          };
        };
      }),
  );
}

/** Chooses the trial's cue level, then taps Correct or Incorrect, in one goal's scoring area. */
async function score(scoring: Locator, trials: readonly Trial[]) {
  for (const { correct, cue } of trials) {
    const level = scoring.getByRole('group', { name: 'Cue level' }).getByRole('button', { name: cueLevelLabels[cue], exact: true });
    if ((await level.getAttribute('aria-pressed')) !== 'true') await level.click();
    await scoring.getByRole('button', { name: correct ? 'Correct' : 'Incorrect', exact: true }).click();
  }
}

/** '7/10 · 70%', as the scoring area shows it. */
function summaryOf(trials: readonly Trial[]): string {
  const correct = trials.filter((t) => t.correct).length;
  return `${correct}/${trials.length} · ${Math.round((100 * correct) / trials.length)}%`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const singleScoring = () => page.getByRole('group', { name: `Score ${GOAL}`, exact: true });

async function openSession(sessionId: string) {
  await page.goto(`${app.url}/sessions/${sessionId}`);
  await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
}

async function expectNoSidewaysScroll() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe('live trials on a phone: scored online and offline, reloaded offline, all saved in order; a group scored from the grid', () => {
  it('signs in as an SLP whose student has a goal and a session, and opens the session under the service worker', async () => {
    ({ agent: slp, email } = await signUpOwner({ firstName: 'Jordan', lastName: 'Lee', accountName: 'Birch District' }));
    const maya = expectStatus(await slp.post('/api/clients', { firstName: 'Maya', lastInitial: 'R', gradeLevel: '3' }), 201) as { id: string };
    const goal = await addGoal(slp, maya.id, { name: GOAL, description: '<p>Initial /s/ in single words</p>' });
    const session = await schedule(slp, [maya.id], at(10));
    single = { sessionId: session.id, goalId: goal.id };

    await signInInBrowser(page, app.url, email, PASSWORD);

    await openSession(single.sessionId);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The reads of the first load went out before the worker took over: load the page once more
    // under it, so it keeps the session's reads for the offline reload.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
    await singleScoring().getByText('No trials yet').waitFor();
  });

  it('saves ten trials at two cue levels tapped on the big targets', async () => {
    await score(singleScoring(), firstTen);
    await singleScoring().getByTestId('trials-summary').getByText('7/10 · 70%', { exact: true }).waitFor();
    await expect.poll(() => storedTrials(single.sessionId, single.goalId), { timeout: 15_000 }).toEqual(firstTen);
    await header().getByText(ALL_SAVED, { exact: true }).waitFor();
    const [row] = await progressOf(single.sessionId);
    expect(row).toMatchObject({ successfulAttempts: 7, totalAttempts: 10, independentCorrect: 4 });
  });

  it('keeps five more trials on the device while the browser is offline, and says so in the header', async () => {
    await setNetwork('offline');
    await expect(fetch(`${app.url}/auth`)).rejects.toThrow();
    await score(singleScoring(), offlineFive);
    await singleScoring().getByTestId('trials-summary').getByText(summaryOf([...firstTen, ...offlineFive]), { exact: true }).waitFor();
    await header().getByText(OFFLINE_FIVE_CHANGES, { exact: true }).waitFor();
    expect(await header().getByText(ALL_SAVED).count()).toBe(0);
    await page.getByRole('status', { name: `Trials for ${GOAL}: Not saved yet`, exact: true }).waitFor();
    // The screen shows a tap at once; the reload below is meant to find the last one on the device.
    await expect.poll(deviceQueue, { timeout: 15_000 }).toEqual([{ goalId: single.goalId, trials: [...firstTen, ...offlineFive] }]);
    expect(await storedTrials(single.sessionId, single.goalId)).toEqual(firstTen);
  });

  it('reopens the page on a reload without network, showing all fifteen trials from the device and that they are not saved', async () => {
    const apiAnswers: Response[] = [];
    const onResponse = (response: Response) => void (new URL(response.url()).pathname.startsWith('/api/') && apiAnswers.push(response));
    page.on('response', onResponse);
    const requestsBefore = network.serverRequests();
    const reloaded = await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
    const all = [...firstTen, ...offlineFive];
    await singleScoring().getByTestId('trials-summary').getByText(summaryOf(all), { exact: true }).waitFor();
    page.off('response', onResponse);
    // The page and the session's reads came from the device (the service worker's cache, the
    // trials from its queue), and nothing reached the server. Whether the emulated network makes
    // navigator.onLine false after a reload differs between Chromium builds, so it is not asked.
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect(apiAnswers.map((answer) => new URL(answer.url()).pathname)).toContain(`/api/sessions/${single.sessionId}`);
    expect(apiAnswers.filter((answer) => !answer.fromServiceWorker()).map((answer) => answer.url())).toEqual([]);
    expect(network.serverRequests() - requestsBefore).toBe(0);
    const strip = singleScoring().getByRole('list', { name: 'Trials in order' }).getByRole('listitem');
    expect(await strip.count()).toBe(15);
    expect(await strip.last().innerText()).toContain('Trial 15: correct, verbal cue');
    await header().getByText(OFFLINE_FIVE_CHANGES, { exact: true }).waitFor();
    expect(await header().getByText(ALL_SAVED).count()).toBe(0);
    expect(await storedTrials(single.sessionId, single.goalId)).toEqual(firstTen);
  });

  it('sends them once the network is back: the server holds all fifteen in the order tapped, with their cue levels', async () => {
    await setNetwork('online');
    const all = [...firstTen, ...offlineFive];
    await expect.poll(() => storedTrials(single.sessionId, single.goalId), { timeout: 30_000 }).toEqual(all);
    await header().getByText(ALL_SAVED, { exact: true }).waitFor();
    await expect.poll(deviceQueue, { timeout: 15_000 }).toEqual([]);
    const [row] = await progressOf(single.sessionId);
    expect(row).toMatchObject({ successfulAttempts: 11, totalAttempts: 15, independentCorrect: 6, cueCounts: { independent: 8, verbal: 7 } });
  });

  it('fits the phone screen and passes axe on the scored session page', async () => {
    await expectNoSidewaysScroll();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('scores a group session from the students × goals grid: each student\'s trials land on the right goal', async () => {
    const students = await Promise.all(
      [
        ['Ava', 'S'],
        ['Ben', 'T'],
        ['Cai', 'W'],
      ].map(async ([firstName, lastInitial]) => {
        const client = expectStatus(await slp.post('/api/clients', { firstName, lastInitial }), 201) as { id: string };
        const speech = await addGoal(slp, client.id, { name: 'Produce /r/ in phrases' });
        const language = await addGoal(slp, client.id, { name: 'Answer wh- questions', type: 'receptive_language', description: '<p>Answers who, what and where questions about a story</p>' });
        return { id: client.id, goals: { speech: speech.id as string, language: language.id as string } };
      }),
    );
    const [, ben, cai] = students;
    const group = await schedule(
      slp,
      students.map((s) => s.id),
      at(11),
    );

    await openSession(group.id);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Score grid' }).click();
    const grid = page.getByRole('group', { name: 'Score grid' });
    // Named 'Ben T. – Answer wh- questions, 2/3 · 67%': the student, the goal, then the count.
    const cell = (student: string, goal: string, count = '') => grid.getByRole('button', { name: new RegExp(`^${escapeRegExp(`${student} – ${goal}`)}\\W+${escapeRegExp(count)}`) });
    const scoringOf = (student: string, goal: string) => grid.getByRole('group', { name: `Score ${student} – ${goal}`, exact: true });

    const benLanguage = [trial(true, 'independent'), trial(false, 'independent'), trial(true, 'visual')];
    await cell('Ben T.', 'Answer wh- questions').click();
    expect(await cell('Ben T.', 'Answer wh- questions').getAttribute('aria-pressed')).toBe('true');
    await score(scoringOf('Ben T.', 'Answer wh- questions'), benLanguage);
    await cell('Ben T.', 'Answer wh- questions', summaryOf(benLanguage)).waitFor();

    const caiSpeech = [trial(true, 'model'), trial(true, 'independent')];
    await cell('Cai W.', 'Produce /r/ in phrases').click();
    await score(scoringOf('Cai W.', 'Produce /r/ in phrases'), caiSpeech);
    await cell('Cai W.', 'Produce /r/ in phrases', summaryOf(caiSpeech)).waitFor();
    // The other student's count stays where it was.
    await cell('Ben T.', 'Answer wh- questions', summaryOf(benLanguage)).waitFor();

    const stored = async () =>
      (await progressOf(group.id))
        .map((point) => ({ clientId: point.clientId, goalId: point.goalId, trials: point.trials }))
        .sort((a, b) => a.clientId.localeCompare(b.clientId));
    const expected = [
      { clientId: ben!.id, goalId: ben!.goals.language, trials: benLanguage },
      { clientId: cai!.id, goalId: cai!.goals.speech, trials: caiSpeech },
    ].sort((a, b) => a.clientId.localeCompare(b.clientId));
    await expect.poll(stored, { timeout: 15_000 }).toEqual(expected);
    await header().getByText(ALL_SAVED, { exact: true }).waitFor();

    await expectNoSidewaysScroll();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
