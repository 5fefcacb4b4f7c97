import { runUntilSignal, startFromEnv } from './main.ts';

await runUntilSignal(startFromEnv, (app) => {
  console.log(`Caseload is running at ${app.url}`);
});
