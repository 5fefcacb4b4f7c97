import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags Debian's Chromium needs on this closed network: no background calls, no sandbox as root. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One Chromium for every browser journey of the run; each test file opens a context of its own. */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) throw new Error(`Browser tests need Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const server = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
