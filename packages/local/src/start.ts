import { runUntilSignal, startFromEnv } from './main.ts';
import { startScheduler } from './scheduler.ts';

await runUntilSignal(startFromEnv, (app) => {
  console.log(`Caseload is running at ${app.url}`);
  // Part 4 §4: a local identity provider to try single sign-on against (docs/single-sign-on.md).
  console.log('Single sign-on: `npm run sso-provider` starts a local OpenID Connect provider with the demo users.');
  // Part 4 §5: the scheduled jobs (district deletion, retention) run here as EventBridge Scheduler runs them in the cloud.
  startScheduler();
});
