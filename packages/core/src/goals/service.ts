/**
 * Goals of a client: list, create, edit (or only toggle the status), delete. Writes carry the
 * dashboard's activeGoals and goalsMastered counters in their transaction.
 *
 * Deleting a goal keeps the progress rows recorded for it: they document work done in sessions
 * (attempts, attendance), which reports and the progress-note facts still count; only the goal
 * disappears from every goal list.
 */
import type * as z from 'zod/mini';
import type { GoalStatus } from '@caseload/contract/enums';
import type { createGoalBody, Goal, updateGoalBody } from '@caseload/contract/sessions';
import { recordAudit } from '../audit.ts';
import { getVisibleClient } from '../caseload/access.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { caseloadCounterUpdates, clientGoalCounterUpdates, mergeUpdates } from '../counters.ts';
import type { TxItem } from '../db.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ClientItem, GoalItem } from '../items.ts';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { toUtcIso } from '../list-range.ts';
import { actorName } from '../people/actor-name.ts';
import { goalsWithMonitoring } from '../monitoring/service.ts';
import { recordGoalsAtRisk, refreshGoalsAtRisk } from '../monitoring/summary.ts';
import { goalsOfClient, readGoal, toGoal, writeGoalChange } from './repo.ts';

type CreateInput = z.output<typeof createGoalBody>;
type UpdateInput = z.output<typeof updateGoalBody>;
type GoalFieldsInput = Extract<UpdateInput, { name: string }>;

/**
 * The baseline and structured criterion as stored, from a full goal body: each one left out is
 * cleared (named here as undefined, so the whole-item Put drops it).
 */
const criterionOf = (input: GoalFieldsInput): Pick<GoalItem, 'baseline' | 'criterionAccuracy' | 'criterionSessions' | 'criterionMaxCue'> => ({
  baseline: input.baseline,
  criterionAccuracy: input.criterionAccuracy,
  criterionSessions: input.criterionSessions,
  criterionMaxCue: input.criterionMaxCue,
});

/** The description as stored: sanitized, and still saying something once sanitized. */
function cleanDescription(html: string): string {
  const clean = sanitizeRichText(html);
  if (!plainText(clean)) {
    const message = 'Description is required';
    throw new BadRequestError(message, [{ path: 'description', message }]);
  }
  return clean;
}

/** masteredDate is set when a goal becomes mastered, kept while it stays so, and cleared otherwise. */
function statusFields(before: GoalItem | undefined, status: GoalStatus, at: string): Pick<GoalItem, 'status' | 'masteredDate'> {
  if (status !== 'mastered') return { status, masteredDate: undefined };
  return { status, masteredDate: before?.status === 'mastered' && before.masteredDate ? before.masteredDate : at };
}

/**
 * A goal's share of the counters, its organization's and its client's own ("My caseload"): one
 * active goal, or one mastery in the month it was mastered.
 */
export function goalCounters(accountId: string, before: GoalItem | undefined, after: GoalItem | undefined): TxItem[] {
  const share = (g: GoalItem, sign: number) => [
    ...caseloadCounterUpdates(accountId, g.organizationId, { activeGoals: g.status === 'active' ? sign : 0 }, g.updatedAt),
    ...clientGoalCounterUpdates(accountId, g.clientId, { activeGoals: g.status === 'active' ? sign : 0 }, g.updatedAt),
    ...(g.status === 'mastered' && g.masteredDate
      ? [
          ...caseloadCounterUpdates(accountId, g.organizationId, { goalsMastered: sign }, g.masteredDate),
          ...clientGoalCounterUpdates(accountId, g.clientId, { goalsMastered: sign }, g.masteredDate),
        ]
      : []),
  ];
  return mergeUpdates([...(before ? share(before, -1) : []), ...(after ? share(after, 1) : [])]);
}

/**
 * The goal still as read: same version, and same organization (a client's move re-labels its goals
 * and their counters without a new version, and the counters here depend on it).
 */
/** Creates (no `before`), updates, or deletes (no `after`) a goal with its counters, in one transaction. */
function commitGoalChange(accountId: string, before: GoalItem | undefined, after: GoalItem | undefined) {
  return writeGoalChange(accountId, before, after, goalCounters(accountId, before, after));
}

function auditGoal(auth: AuthContext, action: string, goalId: string, summary: string) {
  return recordAudit(auth.accountId, { action, actorId: auth.userId, actorName: actorName(auth), entityType: 'goal', entityId: goalId, summary });
}

/** A goal for a write: its client must be visible and not archived, else the goal is not found. */
async function goalForWrite(auth: AuthContext, goalId: string): Promise<GoalItem> {
  return (await goalAndClientForWrite(auth, goalId)).goal;
}

async function goalAndClientForWrite(auth: AuthContext, goalId: string): Promise<{ goal: GoalItem; client: ClientItem }> {
  const goal = await readGoal(auth.accountId, goalId);
  if (!goal) throw new NotFoundError('Goal');
  try {
    return { goal, client: await getVisibleClient(auth, goal.clientId) };
  } catch (e) {
    if (e instanceof NotFoundError) throw new NotFoundError('Goal');
    throw e;
  }
}

/**
 * One client's goals, every status (archived clients' goals stay readable as history), each with
 * its monitoring. A read writes nothing (GET routes are read-only, down to their IAM policy): the
 * dashboard's count is kept by the writes (monitoring/summary.ts).
 */
export async function listGoals(auth: AuthContext, clientId: string): Promise<Goal[]> {
  await getVisibleClient(auth, clientId, { includeArchived: true });
  return goalsWithMonitoring(auth.accountId, clientId, await goalsOfClient(auth.accountId, clientId));
}

/** The goal's own fields from a create or a full edit. */
function goalFieldsOf(input: GoalFieldsInput) {
  return {
    name: input.name,
    goalType: input.type,
    description: cleanDescription(input.description),
    targetCriteria: input.targetCriteria,
    targetDate: input.targetDate && toUtcIso(input.targetDate),
    ...criterionOf(input),
  };
}

export async function createGoal(auth: AuthContext, input: CreateInput): Promise<Goal> {
  const client = await getVisibleClient(auth, input.clientId);
  const at = nowIso();
  const item: GoalItem = {
    id: newId(),
    accountId: auth.accountId,
    clientId: client.id,
    organizationId: client.organizationId,
    ...goalFieldsOf(input),
    ...statusFields(undefined, input.status ?? 'active', at),
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  };
  await commitGoalChange(auth.accountId, undefined, item);
  await auditGoal(auth, 'goal.created', item.id, 'Created a goal');
  // A new goal has no progress rows yet (they name its id): nothing to read, no monitoring, not at risk.
  return toGoal(item, { criterionMet: false }, null);
}

/** A full edit, or only `{status}` (the Mark Mastered / Reactivate toggle). */
export async function updateGoal(auth: AuthContext, goalId: string, input: UpdateInput): Promise<Goal> {
  const edit = 'name' in input ? goalFieldsOf(input) : undefined;
  const { written, client } = await retryOnConflict(async () => {
    // The organization stays as labelled: a client's move relabels its goals and moves their counters.
    const { goal: before, client } = await goalAndClientForWrite(auth, goalId);
    const at = nowIso();
    const after: GoalItem = {
      ...before,
      ...edit,
      ...statusFields(before, input.status ?? before.status, at),
      updatedAt: at,
      updatedBy: auth.userId,
    };
    await commitGoalChange(auth.accountId, before, after);
    return { written: after, client };
  });
  await auditGoal(auth, 'goal.updated', goalId, edit ? 'Updated a goal' : `Changed a goal's status to ${written.status}`);
  // The criterion, baseline or status may have changed what the client's goals at risk are: all of them are recounted.
  // (The index may still hold the goal as it was: the written one replaces it.)
  const others = (await goalsOfClient(auth.accountId, written.clientId)).filter((g) => g.id !== written.id);
  const goals = await goalsWithMonitoring(auth.accountId, written.clientId, [written, ...others]);
  await recordGoalsAtRisk(auth.accountId, client, goals);
  return goals[0]!;
}

export async function deleteGoal(auth: AuthContext, goalId: string): Promise<void> {
  const deleted = await retryOnConflict(async () => {
    const goal = await goalForWrite(auth, goalId);
    await commitGoalChange(auth.accountId, goal, undefined);
    return goal;
  });
  await refreshGoalsAtRisk(auth.accountId, deleted.clientId);
  await auditGoal(auth, 'goal.deleted', goalId, 'Deleted a goal');
}
