import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ensureTable } from '../../packages/core/src/db.ts';
import { startApp, type RunningApp } from '../../packages/local/src/runtime.ts';
import { E2E_TIME_ZONE, setBrowserClock, setServerClock } from './e2e-clock.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';


/**
 * Starts the product the way `npm start` does (same server, same handlers, SPA built if stale),
 * over the run's in-memory DynamoDB Local with a table of its own, on the file's clock.
 */
export async function startE2eApp(): Promise<RunningApp> {
  setServerClock();
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.TABLE_NAME = `e2e-${randomUUID()}`;
  process.env.NOTE_GENERATOR ??= 'local';
  await ensureTable(process.env.TABLE_NAME);
  return startApp({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'caseload-e2e-')), log: () => undefined });
}

export interface BrowserOptions {
  /**
   * The production build registers a service worker (web/vite.config.ts). Journeys block it by
   * default: Playwright's request routing does not see what a service worker fetches. The offline
   * journey allows it, since a reload without network is exactly what it tests.
   */
  serviceWorkers?: 'allow' | 'block';
  viewport?: { width: number; height: number };
}

/**
 * A fresh context (its own cookies and storage) in the run's one Chromium, which the e2e global
 * setup starts once for every browser journey; in the account's time zone, its pages' clock set to
 * the file's (e2e-clock.ts) and running from there.
 */
export async function openBrowser(options: BrowserOptions = {}): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await chromium.connect(inject('browserEndpoint'));
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'block',
    timezoneId: E2E_TIME_ZONE,
  });
  await setBrowserClock(context);
  const page = await context.newPage();
  // A hang guard for each wait, not a speed check: loaded by another full run on the 2 cores, a
  // page's first load and a dialog's closing have taken more than 15 s.
  page.setDefaultTimeout(30_000);
  return { browser, context, page };
}

export interface BrowserApp {
  app: RunningApp;
  /** This file's connection to the run's Chromium. */
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * For one test file: the product started like `npm start` and a Chromium page, both closed after
 * the file. `ready` receives them once started (assign them to the file's variables).
 */
export function useBrowserApp(ready: (env: BrowserApp) => void, options: BrowserOptions = {}) {
  let env: Partial<BrowserApp> = {};
  beforeAll(async () => {
    const app = await startE2eApp();
    env = { app, ...(await openBrowser(options)) };
    env.page!.on('pageerror', (e) => console.log('Page error:', e.message));
    ready(env as BrowserApp);
  });
  afterAll(async () => {
    await env.context?.close();
    await env.browser?.close();
    await env.app?.stop();
  });
}

/**
 * Signs up through the Sign Up form and waits for the signed-in home page. The panel is found by
 * its tab's name: the Sign In panel may still be in the tree while its closing transition runs.
 */
export async function signUpInBrowser(page: Page, appUrl: string, who: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto(`${appUrl}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill(who.firstName);
  await form.getByLabel('Last Name').fill(who.lastName);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Organization Name').fill('Birch District');
  await form.getByLabel('Password', { exact: true }).fill(who.password);
  await form.getByLabel('Confirm Password').fill(who.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${appUrl}/`);
}

/** Signs in through the Sign In form and waits for the signed-in home page. */
export async function signInInBrowser(page: Page, appUrl: string, email: string, password: string) {
  await page.goto(`${appUrl}/auth`);
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${appUrl}/`);
}

/**
 * Calls the API through the page's browser context (its session cookie), the way the SPA does, and
 * returns the JSON answer; an answer that is not 2xx fails the test with its body.
 *
 * Every call has a connection of its own (`Connection: close`). Playwright's request client keeps
 * idle connections open with no time limit, while the server closes one after 5 idle seconds (Node's
 * default): a call that reuses a connection at the moment the server closes it fails with
 * ECONNRESET (seen once in a full run, after a bulk generation's wait).
 */
export async function apiCall<T>(page: Page, appUrl: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`${appUrl}${path}`, { method, data, headers: { Origin: appUrl, Connection: 'close' } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}
