/**
 * Counts the goals at risk of every student who can have one, once, so the dashboard's 'Goals at
 * risk' is right from the deploy that brings it (every write that changes monitoring's facts
 * recounts its student from then on: summary.ts). A student can have a goal at risk only with an
 * active goal that has a structured criterion; only those students are recounted, each from its
 * records (idempotent: a run cut short is simply run again).
 */
import { queryPartition } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { inPool } from '../concurrency.ts';
import { refreshGoalsAtRisk } from './summary.ts';

export const GOALS_AT_RISK_MIGRATION = 'goals-at-risk-v1';
/** Students recounted at once (each recount is a few reads and one transaction). */
const RECOUNT_CONCURRENCY = 8;

type GoalRow = Pick<GoalItem, 'clientId' | 'status' | 'criterionAccuracy' | 'criterionSessions'>;

/** Recounts one account's students with an active goal under a structured criterion; the students recounted. */
export async function backfillGoalsAtRisk(accountId: string): Promise<number> {
  const goals = await queryPartition<GoalRow>({ pk: keys.goal(accountId, '').PK, skPrefix: sortKeys.goals(), consistent: true });
  const students = [...new Set(goals.filter((g) => g.status === 'active' && g.criterionAccuracy !== undefined && g.criterionSessions !== undefined).map((g) => g.clientId))];
  await inPool(students, (clientId) => refreshGoalsAtRisk(accountId, clientId), RECOUNT_CONCURRENCY);
  return students.length;
}

export async function migrateGoalsAtRisk(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const counted = await migrateEveryAccountOnce(GOALS_AT_RISK_MIGRATION, backfillGoalsAtRisk, run);
  if (counted) log(`Counted the goals at risk of ${counted} student(s)`);
  return counted;
}
