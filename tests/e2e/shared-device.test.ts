/**
 * Shared devices (part 4 §2, issue 26) in Chromium on a phone screen with the production build's
 * service worker: the session page's reads are kept in the signed-in user's own cache, and after a
 * sign-out online, a sign-out offline, and a sign-out that discards unsent changes the device holds
 * no answer of /api/* and no student's name or id (caches, IndexedDB, localStorage,
 * sessionStorage); reopening the app offline after a sign-out shows the sign-in page, and a
 * sign-out that could not reach the server ends that session once it can.
 */
import { subDays } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userReadCache } from '../../packages/contract/src/offline-reads.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';
import { PHONE_VIEWPORT } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { signInInBrowser, useBrowserApp } from '../support/e2e.ts';
import { useNetworkSwitch } from '../support/e2e-network.ts';
import { addGoal, expectStatus, schedule } from '../support/fixtures-sessions.ts';

let app: RunningApp;
let context: BrowserContext;
let page: Page;
useBrowserApp((env) => ({ app, context, page } = env), { serviceWorkers: 'allow', viewport: PHONE_VIEWPORT });
const network = useNetworkSwitch();

let slp: Agent;
let email = '';
let userId = '';
let sessionId = '';
let clientId = '';
const STUDENT = 'Marisol';
const GOAL = 'Initial /k/ in words';

/** What the device holds that the app put there: API answers in any cache, queued changes, web storage. */
interface DeviceState {
  caches: string[];
  apiAnswers: string[];
  queued: number;
  local: Record<string, string>;
  session: Record<string, string>;
  /** Every stored API answer's body and every queued change, as text, to look for a student in. */
  text: string;
}

function deviceState(): Promise<DeviceState> {
  return page.evaluate(async () => {
    const apiAnswers: string[] = [];
    let text = '';
    const names = await caches.keys();
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.startsWith('/api/')) continue;
        apiAnswers.push(new URL(request.url).pathname);
        text += (await (await cache.match(request))?.text()) ?? '';
      }
    }
    const queuedEntries = await new Promise<unknown[]>((resolve, reject) => {
      const opening = indexedDB.open('caseload-offline-saves');
      opening.onupgradeneeded = () => opening.result.createObjectStore('entries', { keyPath: 'id' }).createIndex('slot', ['owner', 'key']);
      opening.onerror = () => reject(opening.error ?? new Error('IndexedDB could not be opened'));
      opening.onsuccess = () => {
        const db = opening.result;
        const reading = db.transaction('entries').objectStore('entries').getAll();
        reading.onsuccess = () => {
          db.close();
          resolve(reading.result as unknown[]);
        };
        reading.onerror = () => reject(reading.error ?? new Error('IndexedDB could not be read'));
      };
    });
    text += JSON.stringify(queuedEntries);
    return { caches: names, apiAnswers, queued: queuedEntries.length, local: { ...localStorage }, session: { ...sessionStorage }, text };
  });
}

/** Nothing of the signed-out user's students is left: no API answer, no queued change, no name or id in storage. */
async function expectClearedDevice() {
  const state = await deviceState();
  expect(state.apiAnswers).toEqual([]);
  expect(state.queued).toBe(0);
  expect(state.session).toEqual({});
  // At most the note that the server's session is still to be ended.
  expect(Object.keys(state.local).filter((key) => key !== 'caseload.sign-out-pending')).toEqual([]);
  const everything = state.text + JSON.stringify(state.local) + JSON.stringify(state.session);
  for (const secret of [STUDENT, clientId, sessionId, email]) expect(everything).not.toContain(secret);
  return state;
}

const signInHere = () => signInInBrowser(page, app.url, email, PASSWORD);

const sessionHeading = () => page.getByRole('heading', { level: 1, name: 'Session Details' });
const scoring = () => page.getByRole('group', { name: `Score ${GOAL}`, exact: true });

/** Opens the session page under the service worker, so its reads are kept for offline use. */
async function openSessionUnderWorker() {
  await page.goto(`${app.url}/sessions/${sessionId}`);
  await sessionHeading().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await sessionHeading().waitFor();
  await scoring().waitFor();
  const sessionReads = [`/api/sessions/${sessionId}`, `/api/sessions/${sessionId}/client-goals`, `/api/sessions/${sessionId}/progress`];
  await expect.poll(async () => (await deviceState()).apiAnswers).toEqual(expect.arrayContaining(sessionReads));
  // Nothing but the session page's reads (and the account settings it may format times with).
  for (const path of (await deviceState()).apiAnswers) expect([...sessionReads, '/api/account']).toContain(path);
}

async function signOutFromMenu() {
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  // On a phone the sidebar is behind the menu button (and stays open after 'Stay signed in').
  if (!(await signOut.isVisible())) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await signOut.click();
}

const signInPage = () => page.getByRole('tab', { name: 'Sign In' });

describe('a shared device after sign-out holds no student data, online or offline', () => {
  it("keeps only the session page's reads, in a cache named for the signed-in user", async () => {
    ({ agent: slp, email } = await signUpOwner({ firstName: 'Robin', lastName: 'Shah', accountName: 'Cedar District' }));
    userId = (expectStatus(await slp.get('/api/user'), 200) as { id: string }).id;
    const client = expectStatus(await slp.post('/api/clients', { firstName: STUDENT, lastInitial: 'V', gradeLevel: '2' }), 201) as { id: string };
    clientId = client.id;
    await addGoal(slp, clientId, { name: GOAL });
    sessionId = (await schedule(slp, [clientId], wallClock(subDays(e2eNow(), 1), 9).toISOString())).id as string;

    await signInHere();
    await openSessionUnderWorker();
    const state = await deviceState();
    expect(state.caches).toContain(userReadCache(userId));
    // Other screens' reads (the dashboard, the clients list, the notes, the current user) are never kept.
    await page.goto(`${app.url}/clients`);
    await page.getByRole('heading', { level: 1, name: 'Client Management' }).waitFor();
    await page.getByText(`${STUDENT} V.`).first().waitFor();
    expect((await deviceState()).apiAnswers).not.toContain('/api/clients');
    expect((await deviceState()).apiAnswers).not.toContain('/api/user');
  });

  it('clears the device on an online sign-out', async () => {
    await signOutFromMenu();
    await signInPage().waitFor();
    const state = await expectClearedDevice();
    expect(state.local).toEqual({});
    expect((await slp.get('/api/user')).status).toBe(200);
  });

  it('clears the device on an offline sign-out, shows the sign-in page when reopened offline, and ends the server session once online', async () => {
    await signInHere();
    const cookie = (await context.cookies()).find((c) => c.name === 'caseload_session')!;
    await openSessionUnderWorker();
    await network.setNetwork(context, 'offline');
    await signOutFromMenu();
    await signInPage().waitFor();
    const state = await expectClearedDevice();
    expect(state.local).toEqual({ 'caseload.sign-out-pending': '1' });

    // Reopened without network: the app's code comes from the service worker, the last user's screens do not.
    await page.goto(`${app.url}/sessions/${sessionId}`);
    await signInPage().waitFor();
    expect(await sessionHeading().count()).toBe(0);
    expect(await page.getByText(STUDENT).count()).toBe(0);

    // Online again: the next start of the app ends the session the sign-out could not reach.
    await network.setNetwork(context, 'online');
    await page.reload();
    await signInPage().waitFor();
    await expect.poll(async () => (await deviceState()).local).toEqual({});
    const stale = await page.request.get(`${app.url}/api/user`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
    expect(stale.status()).toBe(401);
  });

  it('asks before discarding unsent changes: Stay signed in keeps them, discarding clears the device', async () => {
    await signInHere();
    await openSessionUnderWorker();
    await network.setNetwork(context, 'offline');
    await scoring().getByRole('button', { name: 'Correct', exact: true }).click();
    await expect.poll(async () => (await deviceState()).queued).toBe(1);

    await signOutFromMenu();
    const question = page.getByRole('alertdialog', { name: 'Sign out?' });
    await question.getByText('1 change is not saved yet. Stay signed in to send them, or discard them and sign out.').waitFor();
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await question.waitFor({ state: 'hidden' });
    expect((await deviceState()).queued).toBe(1);
    await sessionHeading().waitFor();

    await signOutFromMenu();
    await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Discard and sign out' }).click();
    await signInPage().waitFor();
    await expectClearedDevice();
    await network.setNetwork(context, 'online');
  });
});
