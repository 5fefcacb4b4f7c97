/**
 * `npm run jobs -- --at <ISO time>`: runs every scheduled job due in that minute
 * (packages/contract/src/scheduled-jobs.ts) against the local data folder (DATA_DIR, as
 * `npm start`), to its end, and prints what each did. Trials and tests use it to move a district
 * through time: `--at` is the moment the jobs believe it is. It takes the data folder as `npm start`
 * does, so it refuses to run while `npm start` holds it (one DynamoDB Local per folder).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { jobsDueAt, scheduledJobNames, scheduledJobs, scheduleExpression } from '@caseload/contract/scheduled-jobs';
import { ensureTable } from '@caseload/core/db';
import { runPendingMigrations } from '@caseload/core/run-migrations';
import { runJobsDueAt } from '@caseload/core/scheduled-jobs/jobs';
import { unlimited } from '@caseload/core/scheduled-jobs/types';
import { tableName } from '@caseload/core/table';
import { lockDataDir } from './data-lock.ts';
import { startDynamoLocal, type EmbeddedDynamo } from './dynamodb-local.ts';
import { repoRoot } from './web-build.ts';

export class UsageError extends Error {}

const USAGE = 'Usage: npm run jobs -- --at <ISO time>   e.g. npm run jobs -- --at 2027-01-15T03:00:00Z';

/** The moment of `--at`; a usage error for anything else. */
export function parseJobsArgs(args: string[]): Date {
  let values: { at?: string };
  try {
    ({ values } = parseArgs({ args, options: { at: { type: 'string' } }, strict: true }));
  } catch {
    throw new UsageError(USAGE);
  }
  if (!values.at) throw new UsageError(USAGE);
  const at = new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new UsageError(`Not a time: ${values.at}\n${USAGE}`);
  return at;
}

/** Runs the jobs due at `--at`; answers the lines it printed (tests read them). */
export async function runJobsCommand(args: string[], log: (line: string) => void = console.log): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    log(line);
  };
  const at = parseJobsArgs(args);
  if (jobsDueAt(at).length === 0) {
    say(`No job is due at ${at.toISOString()}. The schedules:`);
    for (const name of scheduledJobNames) say(`  ${name}: ${scheduleExpression(scheduledJobs[name])} (${scheduledJobs[name].zone})`);
    return lines;
  }
  const dataDir = resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
  process.env.DATA_DIR = dataDir;
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let dynamo: EmbeddedDynamo | undefined;
  try {
    if (!process.env.DYNAMODB_ENDPOINT) {
      dynamo = await startDynamoLocal({ dataDir });
      process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    }
    await ensureTable(tableName());
    await runPendingMigrations(() => undefined, { ranBy: 'npm run jobs' });
    for (const { job, result } of await runJobsDueAt(at, unlimited)) {
      const summary = Object.entries(result.summary).map(([k, v]) => `${k} ${v}`).join(', ');
      say(`${job} at ${at.toISOString()}: ${result.done ? 'done' : 'unfinished'}${summary ? ` (${summary})` : ''}`);
    }
  } finally {
    await dynamo?.stop();
    unlock();
  }
  return lines;
}
