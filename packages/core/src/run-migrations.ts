/**
 * Every data migration, in the order they must run: the one list `npm start` (packages/local
 * runtime.ts) and the deployment's migration trigger (functions/operations/run-migrations.ts) run.
 * A new migration is added at the end. Each runs once per table (its marker item, migrations.ts),
 * so a run after the first costs one GetItem per migration and writes nothing.
 */
import { migrateClientKeys, CLIENT_KEYS_MIGRATION } from './caseload/migrate-client-keys.ts';
import { migrateOrganizationNames, ORGANIZATION_NAMES_MIGRATION } from './caseload/migrate-organization-names.ts';
import { CLIENT_GOAL_COUNTERS_MIGRATION, migrateClientGoalCounters } from './goals/migrate-client-goal-counters.ts';
import { reportUnattendedData, UNATTENDED_DATA_REPORT } from './goals/report-unattended-data.ts';
import { migrationFinished, type MigrationRun } from './migrations.ts';
import { migrateMinutesLedger, MINUTES_LEDGER_MIGRATION } from './minutes/migrate-ledger.ts';
import { GOALS_AT_RISK_MIGRATION, migrateGoalsAtRisk } from './monitoring/migrate-goals-at-risk.ts';
import { migrateSessionProviders, SESSION_PROVIDER_MIGRATION } from './sessions/migrate-provider.ts';
import { migrateSignatureFacts, SIGNATURE_FACTS_MIGRATION } from './signatures/migrate-facts.ts';

type Log = (line: string) => void;

export interface Migration {
  /** The marker's name (`MIGRATION#<name>`). */
  name: string;
  /** Runs it for every account unless finished; the items it updated. */
  run: (log: Log, run: MigrationRun) => Promise<number>;
}

export const migrations: readonly Migration[] = [
  { name: SESSION_PROVIDER_MIGRATION, run: migrateSessionProviders },
  { name: CLIENT_KEYS_MIGRATION, run: migrateClientKeys },
  { name: MINUTES_LEDGER_MIGRATION, run: migrateMinutesLedger },
  { name: ORGANIZATION_NAMES_MIGRATION, run: migrateOrganizationNames },
  // After the providers' backfill: the facts name each session's provider.
  { name: SIGNATURE_FACTS_MIGRATION, run: migrateSignatureFacts },
  // Changes nothing: lists the data every figure now leaves out (part 4 §1.6).
  { name: UNATTENDED_DATA_REPORT, run: reportUnattendedData },
  // "My caseload" reads each client's goal counters instead of its goals (issue 27).
  { name: CLIENT_GOAL_COUNTERS_MIGRATION, run: migrateClientGoalCounters },
  // The dashboard's 'Goals at risk' (part 4 §7) counts the students already recorded.
  { name: GOALS_AT_RISK_MIGRATION, run: migrateGoalsAtRisk },
];

export interface MigrationReport {
  /** Migrations this call ran (and marked finished), with the items each updated. */
  ran: { name: string; updated: number }[];
  /** Migrations already finished on this table before this call. */
  skipped: string[];
}

/** Runs every migration not yet finished on this table, in order; stops at the first failure (the next run resumes there). */
export async function runPendingMigrations(log: Log = () => undefined, run: MigrationRun = {}): Promise<MigrationReport> {
  const report: MigrationReport = { ran: [], skipped: [] };
  for (const migration of migrations) {
    if (await migrationFinished(migration.name)) {
      report.skipped.push(migration.name);
      continue;
    }
    const updated = await migration.run(log, run);
    report.ran.push({ name: migration.name, updated });
  }
  return report;
}
