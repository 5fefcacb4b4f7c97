import { join } from 'node:path';
import { DEMO_CHILDREN, DEMO_OWNER, seedDemo } from './demo-data.ts';
import { runUntilSignal } from './main.ts';
import { repoRoot, startApp } from './runtime.ts';

/** `npm run demo`: the product with a demo district (kept in .data-demo, seeded once). */
await runUntilSignal(
  () => startApp({ dataDir: process.env.DATA_DIR ?? join(repoRoot, '.data-demo') }),
  async (app) => {
    console.log('Seeding the demo district through the API (first run only)...');
    const started = Date.now();
    const result = await seedDemo(app.url, (s) => console.log(s));
    console.log(result.alreadySeeded ? 'The demo district is already there.' : `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`\nCaseload demo is running at ${app.url}\n`);
    console.log(`  owner (every permission):  ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    for (const c of DEMO_CHILDREN) console.log(`  ${c.note}:\n      ${c.email} / ${c.password}`);
  },
);
