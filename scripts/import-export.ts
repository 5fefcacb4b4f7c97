/** `npm run import-export -- <zip> --owner <e-mail>`: packages/local/src/import-export-command.ts. */
import { ConflictError } from '@caseload/core/errors';
import { NotAnExportError } from '@caseload/core/account-import/archive';
import { AlreadyRunningError } from '../packages/local/src/data-lock.ts';
import { runImportExportCommand, UsageError } from '../packages/local/src/import-export-command.ts';

try {
  await runImportExportCommand(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || e instanceof AlreadyRunningError || e instanceof NotAnExportError || e instanceof ConflictError) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
