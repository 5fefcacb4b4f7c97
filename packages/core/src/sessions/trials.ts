/**
 * Live data collection (spec part 3 §3): the whole ordered trial list of one client and goal in
 * one session, stored on the progress row of (session, goal) with what it adds up to, so the
 * session's documentation partition still answers a session's trials per client and goal in one
 * Query and every reader of progress rows (reports, charts, notes) sees the derived counts.
 *
 * Order-safe by `clientUpdatedAt`, the time the device made the list: the Put is conditioned on the
 * stored row being older (or counts only, or absent), so of several saves in any order, in
 * parallel or replayed late from a device that was offline, the newest stays. A save no newer than
 * the stored row writes nothing and answers the stored row marked `superseded`; the same body twice
 * is one record. A device clock running ahead is not believed beyond FUTURE_TOLERANCE_MS.
 */
import type { SavedTrials } from '@caseload/contract/sessions';
import { cueLevels, FUTURE_TOLERANCE_MS, type CueCounts, type Trial, type TrialsInput } from '@caseload/contract/trials';
import { now } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError } from '../errors.ts';
import type { ProgressItem } from '../items.ts';
import type { Prefetched } from '../prefetch.ts';
import { upsertProgress, type RowCondition } from './documentation.ts';

export const GOAL_OF_ANOTHER_CLIENT = 'This goal belongs to another client';

export type TrialTotals = Pick<ProgressItem, 'successfulAttempts' | 'totalAttempts' | 'independentCorrect' | 'cueCounts' | 'correctByCue'>;

/** Counts per cue level in the levels' own order (least support first), levels with none left out. */
function countByCue(trials: Trial[]): CueCounts {
  const counts: CueCounts = {};
  for (const level of cueLevels) {
    const n = trials.filter((t) => t.cue === level).length;
    if (n) counts[level] = n;
  }
  return counts;
}

/** What a trial list adds up to: correct of all, correct without help, and trials and correct ones per cue level. */
export function trialTotals(trials: Trial[]): TrialTotals {
  const correct = trials.filter((t) => t.correct);
  return {
    successfulAttempts: correct.length,
    totalAttempts: trials.length,
    independentCorrect: correct.filter((t) => t.cue === 'independent').length,
    cueCounts: countByCue(trials),
    correctByCue: countByCue(correct),
  };
}

/** The stored row is older than `clientUpdatedAt`, was saved with counts only, or does not exist. */
const olderThan = (clientUpdatedAt: string): RowCondition => ({
  ConditionExpression: 'attribute_not_exists(PK) OR attribute_not_exists(#cua) OR #cua < :cua',
  ExpressionAttributeNames: { '#cua': 'clientUpdatedAt' },
  ExpressionAttributeValues: { ':cua': clientUpdatedAt },
});

/**
 * Stores the trials of (session, goal) unless the stored row is as new or newer. The goal must be
 * the body's client's. The row keeps its notes (the trials carry none). An empty list is valid: 0
 * of 0, a session without data for that goal. `pre`: the reads made with the login session
 * (documentation.ts progressPrefetch), so a save is that one read and one transaction.
 */
export async function saveSessionTrials(auth: AuthContext, sessionId: string, input: TrialsInput, pre?: Prefetched): Promise<SavedTrials> {
  const clientUpdatedAt = believedTime(input.clientUpdatedAt);
  let superseded = false;
  const point = await upsertProgress(auth, sessionId, input.goalId, ({ goal, previous, base }) => {
    if (goal.clientId !== input.clientId) throw new BadRequestError(GOAL_OF_ANOTHER_CLIENT, [{ path: 'goalId', message: GOAL_OF_ANOTHER_CLIENT }]);
    // A replay of this state or an older one: the stored row stands, and the answer says so. (A row
    // stored later still by a concurrent save fails the Put's condition instead, and the retry from
    // the read lands here.)
    superseded = !!previous?.clientUpdatedAt && previous.clientUpdatedAt >= clientUpdatedAt;
    if (superseded) return { keep: previous! };
    const { trials } = input;
    return {
      write: { ...base, ...trialTotals(trials), trials, notes: previous?.notes, clientUpdatedAt },
      condition: olderThan(clientUpdatedAt),
    };
  }, pre);
  return superseded ? { ...point, superseded: true } : point;
}

/**
 * The device's time as one form of the instant (so that comparing the stored and the new one as
 * strings orders them), or the server's time when the device's is further ahead than the tolerance.
 */
function believedTime(clientUpdatedAt: string): string {
  const server = now().getTime();
  const device = Date.parse(clientUpdatedAt);
  return new Date(device - server > FUTURE_TOLERANCE_MS ? server : device).toISOString();
}
