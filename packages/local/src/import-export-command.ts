/**
 * `npm run import-export -- <zip> --owner <e-mail>` (part 4 §5): imports a whole export into the
 * empty district of that owner, against the local data folder (DATA_DIR, as `npm start`), as the
 * import route's job does (core/account-import/runner.ts `importZipFile`), printing the progress and
 * the records recreated per file. Like `npm run jobs` it takes the data folder, so it refuses to run
 * while `npm start` holds it. The way to restore a district or move it between deployments
 * (docs/leaving.md).
 */
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importZipFile } from '@caseload/core/account-import/runner';
import { getUser, findUserIdByEmail } from '@caseload/core/auth/users-repo';
import { ensureTable } from '@caseload/core/db';
import { runPendingMigrations } from '@caseload/core/run-migrations';
import { tableName } from '@caseload/core/table';
import { lockDataDir } from './data-lock.ts';
import { startDynamoLocal, type EmbeddedDynamo } from './dynamodb-local.ts';
import { repoRoot } from './web-build.ts';

export class UsageError extends Error {}

const USAGE = 'Usage: npm run import-export -- <export zip> --owner <e-mail of the owner of an empty district>';

export function parseImportArgs(args: string[]): { zip: string; owner: string } {
  let parsed: { values: { owner?: string }; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { owner: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch {
    throw new UsageError(USAGE);
  }
  const [zip, ...extra] = parsed.positionals;
  if (!zip || extra.length || !parsed.values.owner) throw new UsageError(USAGE);
  return { zip: resolve(zip), owner: parsed.values.owner };
}

/** Runs the import; answers the lines it printed (tests read them). */
export async function runImportExportCommand(args: string[], log: (line: string) => void = console.log): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    log(line);
  };
  const { zip, owner } = parseImportArgs(args);
  let size: number;
  try {
    size = statSync(zip).size;
  } catch {
    throw new UsageError(`No file at ${zip}\n${USAGE}`);
  }
  // Under tests a DynamoDB is already running: the folder is theirs.
  const standalone = !process.env.DYNAMODB_ENDPOINT;
  const dataDir = resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });
  const unlock = standalone ? lockDataDir(dataDir) : () => undefined;
  let dynamo: EmbeddedDynamo | undefined;
  try {
    if (standalone) {
      dynamo = await startDynamoLocal({ dataDir });
      process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    }
    await ensureTable(tableName());
    await runPendingMigrations(() => undefined, { ranBy: 'npm run import-export' });
    const found = await findUserIdByEmail(owner);
    const user = found && (await getUser(found.accountId, found.userId));
    if (!user || user.userType !== 'owner') throw new UsageError(`${owner} is not the owner of a district here`);
    let shown = -1;
    const { counts } = await importZipFile(user.accountId, user.id, zip, size, (done) => {
      const percent = Math.floor(done * 10) * 10;
      if (percent > shown) say(`${(shown = percent)} %`);
      return Promise.resolve();
    });
    say(`Imported into the district of ${owner}:`);
    for (const [file, count] of Object.entries(counts)) say(`  ${file}: ${count}`);
    say('The users are deactivated until you set their passwords (Users page, Set password).');
  } finally {
    await dynamo?.stop();
    if (standalone) delete process.env.DYNAMODB_ENDPOINT;
    unlock();
  }
  return lines;
}
