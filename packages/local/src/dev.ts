import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { runUntilSignal } from './main.ts';
import { repoRoot, startApp } from './runtime.ts';

/** `npm run dev`: the API on port 3001 and Vite with hot reload on 5173, proxying /api to it. */
await runUntilSignal(
  () => startApp({ port: Number(process.env.API_PORT ?? 3001), serveWeb: false }),
  (app) => {
    console.log(`API at ${app.url}; starting Vite...`);
    const vite = spawn(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', join(repoRoot, 'web/vite.config.ts')], {
      stdio: 'inherit',
      env: { ...process.env, API_URL: app.url },
    });
    process.on('exit', () => vite.kill());
  },
);
