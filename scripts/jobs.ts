/** `npm run jobs -- --at <ISO time>`: packages/local/src/jobs-command.ts. */
import { AlreadyRunningError } from '../packages/local/src/data-lock.ts';
import { runJobsCommand, UsageError } from '../packages/local/src/jobs-command.ts';

try {
  await runJobsCommand(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || e instanceof AlreadyRunningError) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
