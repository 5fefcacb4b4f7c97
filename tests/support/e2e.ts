import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { ensureTable } from '../../packages/core/src/db.ts';
import { startApp, type RunningApp } from '../../packages/local/src/runtime.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(chromiumPath());

/**
 * Starts the product the way `npm start` does (same server, same handlers, SPA built if stale),
 * over the run's in-memory DynamoDB Local with a table of its own.
 */
export async function startE2eApp(): Promise<RunningApp> {
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.TABLE_NAME = `e2e-${randomUUID()}`;
  process.env.NOTE_GENERATOR ??= 'local';
  await ensureTable(process.env.TABLE_NAME);
  return startApp({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'caseload-e2e-')), log: () => undefined });
}

/** Debian's Chromium through playwright-core, with a throwaway profile. */
export async function openBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'caseload-chromium-')), {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export interface BrowserApp {
  app: RunningApp;
  context: BrowserContext;
  page: Page;
}

/**
 * For one test file: the product started like `npm start` and a Chromium page, both closed after
 * the file. `ready` receives them once started (assign them to the file's variables).
 */
export function useBrowserApp(ready: (env: BrowserApp) => void) {
  let env: Partial<BrowserApp> = {};
  beforeAll(async () => {
    const app = await startE2eApp();
    env = { app, ...(await openBrowser()) };
    env.page!.on('pageerror', (e) => console.log('Page error:', e.message));
    ready(env as BrowserApp);
  });
  afterAll(async () => {
    await env.context?.close();
    await env.app?.stop();
  });
}
