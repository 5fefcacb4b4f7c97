/**
 * The deployment's data-migration step (not a manifest route): a CDK Trigger invokes it during
 * `cdk deploy`, after the table exists and whenever this function's code changes
 * (infra/constructs/migrations.ts). It runs every pending migration in order
 * (packages/core/src/run-migrations.ts); each finished one leaves its marker item, naming the
 * deployment that ran it, so a deploy whose migrations all ran costs one GetItem per migration. A
 * failure throws: the Trigger fails, CloudFormation rolls the deploy back, and the next deploy
 * resumes at the unfinished migration (each backfill is idempotent).
 */
import { logger } from '@caseload/core/observability';
import { runPendingMigrations, type MigrationReport } from '@caseload/core/run-migrations';

export async function handler(): Promise<MigrationReport> {
  const ranBy = `deploy ${process.env.CASELOAD_RELEASE ?? 'unknown'}`;
  const report = await runPendingMigrations((line) => logger.info('migration_progress', { line }), { ranBy });
  logger.info('migrations_done', { ran: report.ran, skipped: report.skipped });
  return report;
}
