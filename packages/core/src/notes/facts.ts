/**
 * The facts a progress note is written from, computed from stored data only. The generators turn
 * these into prose; the grounding check refuses any number in a note that is not one of them.
 *
 * Rules (documented here because the note's wording depends on them):
 * - Period: inclusive days of the account's time zone, from the local midnight beginning `start` to
 *   the one ending `end` (school-calendar/zone-days.ts), so a 4:30 pm Pacific session on the last
 *   day is in it; the same instants bound the reads and every check of the facts.
 * - A goal is reported when it has data in the period, was mastered in the period, or is active /
 *   on hold and existed by the period's end. Discontinued goals and goals mastered earlier appear
 *   only when they have data in the period.
 * - Accuracy is the criterion's accuracy (part 4 §1.6, contract figures.ts): correct trials at or
 *   below the goal's criterionMaxCue (every correct trial without one) ÷ all trials, a rounded
 *   whole percent; one progress row exists per session and goal. Overall accuracy pools all
 *   trials of the period, and successfulTrials counts the same correct trials. A row of 0 trials
 *   (a trial list scored and then undone) is no data: it counts for neither a goal nor attendance.
 *   Rows of sessions the student did not attend are left out when read (goals/attended.ts).
 * - Cueing, from the rows scored trial by trial (they carry independentCorrect and correctByCue;
 *   rows saved as counts only have no cue levels and are left out of it): the criterion's share
 *   correct and the share correct independently (figures.ts `independence`, the chart's figure),
 *   both of those rows' trials, and the cue levels of the other counted correct trials, most
 *   frequent first, each with its count and share of those trials. A period mixing both kinds of
 *   row says so (`allSessionsWithTrials` false), so the note can say which sessions its cue
 *   figures cover.
 * - Trend: latest − first session accuracy ≥ +10 points improving, ≤ −10 declining, otherwise
 *   stable; fewer than 2 sessions with data is 'insufficient data'.
 * - Target: the structured criterion's accuracy, else the first percentage in the target criteria ('80%'), else 'a of b' / 'a/b' as a
 *   percentage ('4 of 5 trials' → 80); when the criteria name neither, the product's success
 *   threshold (80, the reports' top badge) stands in and the facts say so.
 * - Progress is 'sufficient' when the goal is mastered, the latest accuracy reaches the target, or
 *   the trend is improving; 'insufficient' when below target and stable or declining;
 *   'undetermined' with no data, or one data point below target.
 * - Attendance per session in the period that lists the client: a canceled or rescheduled session
 *   counts as canceled; otherwise the participant status (present / absent / canceled). A status
 *   never marked ('scheduled') counts as present when the session was completed or has data for
 *   the client, absent when the session is a no-show, else 'not recorded'. Minutes are the
 *   durations of present sessions.
 */
import { goalTypeLabels, type GoalStatus, type GoalType } from '@caseload/contract/enums';
import { correctByCueMix, criterionAccuracy, criterionCorrect, independence, percentOf, scoredByCue } from '@caseload/contract/figures';
import { cueLevels, type CueLevel } from '@caseload/contract/trials';
import { queryPartition } from '../db.ts';
import { attendedRows } from '../goals/attended.ts';
import type { ClientItem, GoalItem, ProgressItem, SessionItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { plainText } from '../plain-text.ts';
import { zoneDays } from '../school-calendar/zone-days.ts';

export interface Period {
  /** yyyy-MM-dd, inclusive. */
  start: string;
  end: string;
}

export type Trend = 'improving' | 'declining' | 'stable' | 'insufficient data';
export type ProgressVerdict = 'sufficient' | 'insufficient' | 'undetermined';

/** A cue level some correct trials needed. */
export interface CuedCorrect {
  cue: Exclude<CueLevel, 'independent'>;
  /** Correct trials at this level. */
  trials: number;
  /** Of all trials of the rows scored trial by trial, whole percent. */
  percentOfTrials: number;
}

/** What the period's rows scored trial by trial with cue levels show (spec part 3 §3). */
export interface CueingFacts {
  sessionsWithTrials: number;
  /** False when other sessions with data were recorded as counts only (no cue levels). */
  allSessionsWithTrials: boolean;
  trials: number;
  correct: number;
  percentCorrect: number;
  /** Correct with no cue. */
  independentCorrect: number;
  /** independentCorrect ÷ trials, whole percent. */
  percentIndependent: number;
  /** The other correct trials by cue level, most frequent first (ties: least support first). */
  cuedCorrect: CuedCorrect[];
}

export interface GoalFacts {
  goalId: string;
  name: string;
  type: GoalType;
  typeLabel: string;
  status: GoalStatus;
  targetCriteria: string;
  /** The description as plain text (it is stored as rich text). */
  description: string;
  targetPercent: number;
  targetSource: 'criteria' | 'default';
  /** The criterion's highest cue level: accuracies and correct counts count only correct trials at or below it. */
  criterionMaxCue: CueLevel | null;
  sessionsWithData: number;
  totalTrials: number;
  successfulTrials: number;
  /** Whole percents, one per session with data, oldest first. */
  sessionAccuracies: number[];
  firstAccuracy: number | null;
  latestAccuracy: number | null;
  overallAccuracy: number | null;
  /** Latest − first, in percentage points (null with fewer than 2 sessions). */
  change: number | null;
  trend: Trend;
  /** Null when no row of the period was scored trial by trial. */
  cueing: CueingFacts | null;
  mastered: boolean;
  masteredInPeriod: boolean;
  progress: ProgressVerdict;
}

export interface AttendanceFacts {
  sessionsScheduled: number;
  present: number;
  absent: number;
  canceled: number;
  notRecorded: number;
  totalMinutes: number;
}

export interface ProgressFacts {
  client: { firstName: string; lastInitial: string; displayName: string };
  period: Period;
  attendance: AttendanceFacts;
  goalCount: number;
  goals: GoalFacts[];
}

export const TREND_THRESHOLD_POINTS = 10;
export const DEFAULT_TARGET_PERCENT = 80;

/** The period as UTC ISO instants [from, toExclusive): its days in the account's time zone. */
export interface PeriodBounds {
  from: string;
  toExclusive: string;
}

const inPeriod = (iso: string | undefined, bounds: PeriodBounds) => {
  if (!iso) return false;
  const t = Date.parse(iso);
  return t >= Date.parse(bounds.from) && t < Date.parse(bounds.toExclusive);
};

export const displayName = (c: Pick<ClientItem, 'firstName' | 'lastInitial'>) => `${c.firstName} ${c.lastInitial}.`;

/** The target percentage named by the criteria text, or undefined. */
export function parseTargetPercent(criteria: string): number | undefined {
  const percent = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(criteria);
  if (percent) {
    const value = Number(percent[1]);
    return value <= 100 ? Math.round(value) : undefined;
  }
  const ratio = /(\d{1,4})\s*(?:\/|out of|of)\s*(\d{1,4})/i.exec(criteria);
  if (ratio) {
    const [a, b] = [Number(ratio[1]), Number(ratio[2])];
    return b > 0 && a <= b ? percentOf(a, b) : undefined;
  }
  return undefined;
}

export function trendOf(accuracies: number[]): Trend {
  if (accuracies.length < 2) return 'insufficient data';
  const change = accuracies.at(-1)! - accuracies[0]!;
  if (change >= TREND_THRESHOLD_POINTS) return 'improving';
  if (change <= -TREND_THRESHOLD_POINTS) return 'declining';
  return 'stable';
}

export const isMasteredStatus = (status: string) => status === 'mastered' || status === 'met';

function progressVerdict(g: Pick<GoalFacts, 'mastered' | 'latestAccuracy' | 'targetPercent' | 'trend'>): ProgressVerdict {
  if (g.mastered) return 'sufficient';
  if (g.latestAccuracy === null) return 'undetermined';
  if (g.latestAccuracy >= g.targetPercent || g.trend === 'improving') return 'sufficient';
  return g.trend === 'insufficient data' ? 'undetermined' : 'insufficient';
}

/**
 * The cueing facts of a goal's rows with data, or null when none was scored trial by trial. Under
 * a highest cue level, correct trials above it are not counted: neither in `correct` nor as a cue.
 */
export function cueingFacts(rows: ProgressItem[], maxCue?: CueLevel): CueingFacts | null {
  const scored = rows.filter(scoredByCue);
  if (scored.length === 0) return null;
  const trials = scored.reduce((n, r) => n + r.totalAttempts, 0);
  const counted = maxCue ? cueLevels.slice(0, cueLevels.indexOf(maxCue) + 1) : cueLevels;
  const sessionsWithTrials = new Set(scored.map((r) => r.sessionId)).size;
  const cuedCorrect = correctByCueMix(scored).flatMap(({ cue, trials: n, percent }): CuedCorrect[] =>
    cue !== 'independent' && counted.includes(cue) ? [{ cue, trials: n, percentOfTrials: percent }] : [],
  );
  return {
    sessionsWithTrials,
    allSessionsWithTrials: sessionsWithTrials === new Set(rows.map((r) => r.sessionId)).size,
    trials,
    correct: scored.reduce((n, r) => n + criterionCorrect(r, maxCue), 0),
    percentCorrect: criterionAccuracy(scored, maxCue)!,
    independentCorrect: scored.reduce((n, r) => n + r.independentCorrect, 0),
    percentIndependent: independence(scored)!,
    cuedCorrect,
  };
}

/** Facts of one goal from its progress rows (already limited to the period and to rows with data). */
export function goalFacts(goal: GoalItem, rows: ProgressItem[], bounds: PeriodBounds): GoalFacts {
  const ordered = [...rows].sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt));
  const maxCue = goal.criterionMaxCue;
  const sessionAccuracies = ordered.map((r) => criterionAccuracy([r], maxCue) ?? 0);
  const totalTrials = ordered.reduce((n, r) => n + r.totalAttempts, 0);
  const successfulTrials = ordered.reduce((n, r) => n + criterionCorrect(r, maxCue), 0);
  // The structured criterion is what the goal is judged on; its text only when there is none.
  const parsedTarget = goal.criterionAccuracy ?? parseTargetPercent(goal.targetCriteria);
  const first = sessionAccuracies[0] ?? null;
  const latest = sessionAccuracies.at(-1) ?? null;
  const trend = trendOf(sessionAccuracies);
  const mastered = isMasteredStatus(goal.status);
  const facts = {
    goalId: goal.id,
    name: goal.name,
    type: goal.goalType,
    typeLabel: goalTypeLabels[goal.goalType] ?? goal.goalType,
    status: (goal.status as string) === 'met' ? 'mastered' : goal.status,
    targetCriteria: goal.targetCriteria,
    description: plainText(goal.description ?? ''),
    targetPercent: parsedTarget ?? DEFAULT_TARGET_PERCENT,
    targetSource: parsedTarget === undefined ? ('default' as const) : ('criteria' as const),
    criterionMaxCue: maxCue ?? null,
    sessionsWithData: new Set(ordered.map((r) => r.sessionId)).size,
    totalTrials,
    successfulTrials,
    sessionAccuracies,
    firstAccuracy: first,
    latestAccuracy: latest,
    overallAccuracy: criterionAccuracy(ordered, maxCue),
    change: sessionAccuracies.length >= 2 ? latest! - first! : null,
    trend,
    cueing: cueingFacts(ordered, maxCue),
    mastered,
    masteredInPeriod: mastered && inPeriod(goal.masteredDate, bounds),
  };
  return { ...facts, progress: progressVerdict(facts) };
}

/** Whether a goal belongs in a note of the period: it has data, was mastered in it, or was open during it. */
export function isReported(goal: GoalItem, hasData: boolean, bounds: PeriodBounds): boolean {
  if (hasData) return true;
  if (isMasteredStatus(goal.status)) return inPeriod(goal.masteredDate, bounds);
  if (goal.status === 'discontinued') return false;
  return Date.parse(goal.createdAt) < Date.parse(bounds.toExclusive);
}

type AttendanceKind = 'present' | 'absent' | 'canceled' | 'notRecorded';

function attendanceOf(session: SessionItem, clientId: string, sessionsWithData: Set<string>): AttendanceKind {
  if (session.status === 'canceled' || session.status === 'rescheduled') return 'canceled';
  const status = session.participants[clientId]?.status;
  if (status === 'present' || status === 'absent' || status === 'canceled') return status;
  if (session.status === 'completed' || sessionsWithData.has(session.id)) return 'present';
  return session.status === 'no_show' ? 'absent' : 'notRecorded';
}

export function attendanceFacts(sessions: SessionItem[], clientId: string, progress: ProgressItem[], bounds: PeriodBounds): AttendanceFacts {
  const withData = new Set(progress.map((p) => p.sessionId));
  const out: AttendanceFacts = { sessionsScheduled: 0, present: 0, absent: 0, canceled: 0, notRecorded: 0, totalMinutes: 0 };
  for (const s of sessions) {
    if (!s.participants?.[clientId] || !inPeriod(s.scheduledAt, bounds)) continue;
    const kind = attendanceOf(s, clientId, withData);
    out.sessionsScheduled += 1;
    out[kind] += 1;
    if (kind === 'present') out.totalMinutes += s.duration;
  }
  return out;
}

export interface FactsInput {
  client: Pick<ClientItem, 'id' | 'firstName' | 'lastInitial'>;
  period: Period;
  /** The account's time zone: the period's days are its days. */
  timeZone: string;
  goals: GoalItem[];
  progress: ProgressItem[];
  sessions: SessionItem[];
}

/** Pure: the facts of one client and period from its goals, progress rows and sessions. */
export function computeFacts(input: FactsInput): ProgressFacts {
  const bounds = zoneDays(input.period, input.timeZone);
  const progress = input.progress.filter((p) => p.clientId === input.client.id && p.totalAttempts > 0 && inPeriod(p.recordedAt, bounds));
  const rowsByGoal = new Map<string, ProgressItem[]>();
  for (const p of progress) rowsByGoal.set(p.goalId, [...(rowsByGoal.get(p.goalId) ?? []), p]);
  const goals = input.goals
    .filter((g) => g.clientId === input.client.id && isReported(g, rowsByGoal.has(g.id), bounds))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name))
    .map((g) => goalFacts(g, rowsByGoal.get(g.id) ?? [], bounds));
  return {
    client: { firstName: input.client.firstName, lastInitial: input.client.lastInitial, displayName: displayName(input.client) },
    period: input.period,
    // Rows of deleted goals are not reported as a goal, but still show the client attended.
    attendance: attendanceFacts(input.sessions, input.client.id, progress, bounds),
    goalCount: goals.length,
    goals,
  };
}

const numbersIn = (text: string) => [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

/**
 * Every number a note may state: the computed values, and the numbers written in the goals' own
 * text (criteria like '4 of 5 trials' may be quoted). Changes count in both directions, since prose
 * says 'down 12 points' rather than '-12'.
 */
export function factNumbers(facts: ProgressFacts): Set<number> {
  const out = new Set<number>([facts.goalCount, ...Object.values(facts.attendance as Record<keyof AttendanceFacts, number>)]);
  for (const g of facts.goals) {
    const values = [g.targetPercent, g.sessionsWithData, g.totalTrials, g.successfulTrials, ...g.sessionAccuracies, g.firstAccuracy, g.latestAccuracy, g.overallAccuracy];
    for (const v of values) if (v !== null) out.add(v);
    if (g.change !== null) out.add(Math.abs(g.change));
    if (g.cueing) {
      const c = g.cueing;
      for (const v of [c.sessionsWithTrials, c.trials, c.correct, c.percentCorrect, c.independentCorrect, c.percentIndependent]) out.add(v);
      for (const cued of c.cuedCorrect) out.add(cued.trials).add(cued.percentOfTrials);
    }
    for (const n of numbersIn(`${g.name} ${g.targetCriteria} ${g.description}`)) out.add(n);
  }
  return out;
}

// ---------- loading from the table ----------

/** Sessions of the account scheduled in the period (all clients: a bulk job reads them once). */
export function loadSessionsInPeriod(accountId: string, period: Period, timeZone: string): Promise<SessionItem[]> {
  const { from, toExclusive } = zoneDays(period, timeZone);
  return queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId), skBetween: [from, toExclusive] });
}

/**
 * A client's goals and its progress rows of the period of sessions the student attended: two
 * Queries of the client's partition, and the rows' sessions by key unless they are among `known`.
 */
export async function loadClientPeriodRecords(
  accountId: string,
  clientId: string,
  period: Period,
  timeZone: string,
  known?: readonly SessionItem[],
): Promise<{ goals: GoalItem[]; progress: ProgressItem[] }> {
  const pk = keys.clientChildren(accountId, clientId);
  const { from, toExclusive } = zoneDays(period, timeZone);
  const [goals, progress] = await Promise.all([
    queryPartition<GoalItem>({ index: 'GSI1', pk, skPrefix: sortKeys.goals() }),
    queryPartition<ProgressItem>({ index: 'GSI1', pk, skBetween: sortKeys.progressBetween(from, toExclusive) }),
  ]);
  return { goals, progress: await attendedRows(accountId, progress, known) };
}

/** Loads a client's goals and progress rows and computes the facts; `sessions` may be preloaded. */
export async function loadFacts(accountId: string, client: ClientItem, period: Period, timeZone: string, preloaded?: SessionItem[]): Promise<ProgressFacts> {
  const sessions = preloaded ?? (await loadSessionsInPeriod(accountId, period, timeZone));
  const records = await loadClientPeriodRecords(accountId, client.id, period, timeZone, sessions);
  return computeFacts({ client, period, timeZone, ...records, sessions });
}
