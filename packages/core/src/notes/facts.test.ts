import type { CueLevel } from '@caseload/contract/trials';
import { describe, expect, it } from 'vitest';
import type { GoalItem, ProgressItem, SessionItem } from '../items.ts';
import { computeFacts, factNumbers, parseTargetPercent, trendOf, type Period } from './facts.ts';

const period: Period = { start: '2024-03-01', end: '2024-03-31' };
const client = { id: 'c1', firstName: 'Ava', lastInitial: 'M' };
const stamp = '2024-01-01T00:00:00.000Z';

const goal = (id: string, fields: Partial<GoalItem> = {}): GoalItem => ({
  id,
  accountId: 'a',
  clientId: 'c1',
  name: `Goal ${id}`,
  goalType: 'articulation',
  description: '<p>Produce <strong>/r/</strong></p>',
  targetCriteria: '80% accuracy',
  status: 'active',
  createdAt: stamp,
  updatedAt: stamp,
  ...fields,
});

const row = (goalId: string, sessionId: string, recordedAt: string, ok: number, total: number): ProgressItem => ({
  id: `${sessionId}:${goalId}`,
  accountId: 'a',
  sessionId,
  goalId,
  clientId: 'c1',
  successfulAttempts: ok,
  totalAttempts: total,
  recordedAt,
  updatedAt: stamp,
});

/**
 * A row scored trial by trial, given as [correct, trials] per cue level, with the fields the trials
 * save derives from the list in the same write.
 */
const scored = (goalId: string, sessionId: string, recordedAt: string, byCue: Partial<Record<CueLevel, [number, number]>>): ProgressItem => {
  const levels = Object.entries(byCue) as [CueLevel, [number, number]][];
  const trials = levels.flatMap(([cue, [ok, n]]) => Array.from({ length: n }, (_, i) => ({ cue, correct: i < ok })));
  return {
    ...row(goalId, sessionId, recordedAt, trials.filter((t) => t.correct).length, trials.length),
    trials,
    independentCorrect: byCue.independent?.[0] ?? 0,
    cueCounts: Object.fromEntries(levels.map(([cue, [, n]]) => [cue, n])),
    correctByCue: Object.fromEntries(levels.filter(([, [ok]]) => ok > 0).map(([cue, [ok]]) => [cue, ok])),
    clientUpdatedAt: recordedAt,
  };
};

type Attendance = SessionItem['participants'][string]['status'];
const session = (id: string, scheduledAt: string, fields: Partial<SessionItem> & { participant?: Attendance } = {}): SessionItem => {
  const { participant = 'present', ...rest } = fields;
  return {
    id,
    accountId: 'a',
    sessionType: 'therapy',
    status: 'completed',
    scheduledAt,
    duration: 30,
    createdAt: stamp,
    updatedAt: stamp,
    participants: { c1: { status: participant, firstName: 'Ava', lastInitial: 'M', addedAt: stamp } },
    ...rest,
  };
};

describe('parseTargetPercent', () => {
  it('reads a percentage, a ratio, or nothing', () => {
    expect(parseTargetPercent('80% accuracy across 3 sessions')).toBe(80);
    expect(parseTargetPercent('with 90 % accuracy')).toBe(90);
    expect(parseTargetPercent('in 4 of 5 opportunities')).toBe(80);
    expect(parseTargetPercent('4/5 trials')).toBe(80);
    expect(parseTargetPercent('independently in conversation')).toBeUndefined();
    expect(parseTargetPercent('150% effort')).toBeUndefined();
  });
});

describe('trendOf', () => {
  it('uses latest minus first with a 10-point threshold', () => {
    expect(trendOf([60, 70])).toBe('improving');
    expect(trendOf([60, 69])).toBe('stable');
    expect(trendOf([80, 70])).toBe('declining');
    expect(trendOf([80, 71])).toBe('stable');
    expect(trendOf([50])).toBe('insufficient data');
    expect(trendOf([])).toBe('insufficient data');
  });
});

describe('computeFacts on a hand-made caseload', () => {
  const goals = [
    goal('A', { createdAt: '2024-01-01T00:00:00.000Z' }),
    goal('B', { createdAt: '2024-01-02T00:00:00.000Z', goalType: 'fluency', targetCriteria: 'Use easy onset in 4 of 5 opportunities' }),
    goal('C', { createdAt: '2024-01-03T00:00:00.000Z' }),
    goal('D', { createdAt: '2024-01-04T00:00:00.000Z', status: 'discontinued' }),
    goal('E', { createdAt: '2024-01-05T00:00:00.000Z', status: 'mastered', masteredDate: '2024-03-15T10:00:00.000Z' }),
    goal('F', { createdAt: '2024-01-06T00:00:00.000Z', targetCriteria: 'independently' }),
    goal('G', { createdAt: '2024-01-07T00:00:00.000Z', status: 'mastered', masteredDate: '2023-12-01T10:00:00.000Z' }),
    goal('H', { createdAt: '2024-04-02T00:00:00.000Z' }),
    goal('X', { clientId: 'other' }),
  ];
  const progress = [
    // Out of order on purpose: accuracy is chronological.
    row('A', 's3', '2024-03-20T09:00:00.000Z', 9, 10),
    row('A', 's1', '2024-03-04T09:00:00.000Z', 6, 10),
    row('A', 's2', '2024-03-11T09:00:00.000Z', 7, 10),
    row('B', 's1', '2024-03-04T09:00:00.000Z', 8, 10),
    row('B', 's2', '2024-03-11T09:00:00.000Z', 7, 10),
    row('F', 's1', '2024-03-04T09:00:00.000Z', 1, 3),
    // Outside the period: ignored.
    row('A', 's0', '2024-02-28T09:00:00.000Z', 0, 10),
    row('A', 's9', '2024-04-01T00:00:00.000Z', 0, 10),
  ];
  const sessions = [
    session('s1', '2024-03-04T09:00:00.000Z'),
    session('s2', '2024-03-11T09:00:00.000Z', { duration: 45, participant: 'scheduled' }),
    session('s3', '2024-03-20T09:00:00.000Z', { duration: 20 }),
    session('s4', '2024-03-05T09:00:00.000Z', { participant: 'absent' }),
    session('s5', '2024-03-06T09:00:00.000Z', { status: 'canceled' }),
    session('s6', '2024-03-25T09:00:00.000Z', { status: 'scheduled', participant: 'scheduled' }),
    session('s7', '2024-03-26T09:00:00.000Z', { status: 'no_show', participant: 'scheduled' }),
    session('s8', '2024-03-31T23:59:59.000Z', { participant: 'canceled' }),
    session('s0', '2024-02-28T09:00:00.000Z'),
    { ...session('s10', '2024-03-12T09:00:00.000Z'), participants: {} },
  ];
  const facts = computeFacts({ client, period, timeZone: 'UTC', goals, progress, sessions });
  const byId = Object.fromEntries(facts.goals.map((g) => [g.goalId, g]));

  it('reports the right goals, oldest first', () => {
    expect(facts.goals.map((g) => g.goalId)).toEqual(['A', 'B', 'C', 'E', 'F']);
    expect(facts.goalCount).toBe(5);
    expect(facts.client.displayName).toBe('Ava M.');
  });

  it('computes an improving goal that meets its target', () => {
    expect(byId.A).toMatchObject({
      sessionsWithData: 3,
      totalTrials: 30,
      successfulTrials: 22,
      sessionAccuracies: [60, 70, 90],
      firstAccuracy: 60,
      latestAccuracy: 90,
      overallAccuracy: 73,
      change: 30,
      trend: 'improving',
      targetPercent: 80,
      targetSource: 'criteria',
      progress: 'sufficient',
      description: 'Produce /r/',
    });
  });

  it('computes a declining goal below a ratio target', () => {
    expect(byId.B).toMatchObject({ sessionAccuracies: [80, 70], change: -10, trend: 'declining', targetPercent: 80, latestAccuracy: 70, progress: 'insufficient', typeLabel: 'Fluency' });
  });

  it('says nothing is known for a goal without data, and marks mastery in the period', () => {
    expect(byId.C).toMatchObject({ sessionsWithData: 0, totalTrials: 0, firstAccuracy: null, latestAccuracy: null, overallAccuracy: null, change: null, trend: 'insufficient data', progress: 'undetermined' });
    expect(byId.E).toMatchObject({ mastered: true, masteredInPeriod: true, progress: 'sufficient', status: 'mastered' });
  });

  it('falls back to the 80% benchmark and leaves one point below it undetermined', () => {
    expect(byId.F).toMatchObject({ targetPercent: 80, targetSource: 'default', sessionAccuracies: [33], trend: 'insufficient data', progress: 'undetermined' });
  });

  it('counts attendance and minutes of present sessions', () => {
    expect(facts.attendance).toEqual({ sessionsScheduled: 8, present: 3, absent: 2, canceled: 2, notRecorded: 1, totalMinutes: 95 });
  });

  it('lists every number the note may state', () => {
    const numbers = factNumbers(facts);
    for (const n of [60, 70, 90, 73, 30, 22, 3, 80, 10, 33, 95, 8, 2, 1, 5, 4]) expect(numbers.has(n), String(n)).toBe(true);
    expect(numbers.has(85)).toBe(false);
    expect(numbers.has(-10)).toBe(false);
  });
});

describe('cueing facts from rows scored trial by trial', () => {
  const goals = [
    goal('T', { createdAt: '2024-01-01T00:00:00.000Z' }),
    goal('M', { createdAt: '2024-01-02T00:00:00.000Z' }),
    goal('N', { createdAt: '2024-01-03T00:00:00.000Z' }),
    goal('Z', { createdAt: '2024-01-04T00:00:00.000Z' }),
  ];
  const progress = [
    // T: every session scored with cue levels; 16 of 20 correct, 12 without a cue.
    scored('T', 's1', '2024-03-04T09:00:00.000Z', { independent: [6, 7], verbal: [2, 3] }),
    scored('T', 's2', '2024-03-11T09:00:00.000Z', { independent: [6, 6], verbal: [1, 2], model: [1, 2] }),
    // M: one session scored with cue levels, one with counts only (no cue levels).
    row('M', 's1', '2024-03-04T09:00:00.000Z', 3, 10),
    scored('M', 's2', '2024-03-11T09:00:00.000Z', { independent: [1, 2], physical: [2, 2], gestural: [2, 3], verbal: [3, 3] }),
    // N: counts only.
    row('N', 's1', '2024-03-04T09:00:00.000Z', 5, 10),
    // Z: a trial list scored and then undone (0 of 0) is no data.
    scored('Z', 's3', '2024-03-20T09:00:00.000Z', {}),
  ];
  const sessions = [
    session('s1', '2024-03-04T09:00:00.000Z'),
    session('s2', '2024-03-11T09:00:00.000Z'),
    session('s3', '2024-03-20T09:00:00.000Z', { status: 'scheduled', participant: 'scheduled' }),
  ];
  const facts = computeFacts({ client, period, timeZone: 'UTC', goals, progress, sessions });
  const byId = Object.fromEntries(facts.goals.map((g) => [g.goalId, g]));

  it('gives the share correct independently and the cue levels of the other correct trials, most frequent first', () => {
    expect(byId.T).toMatchObject({ totalTrials: 20, successfulTrials: 16, overallAccuracy: 80, sessionAccuracies: [80, 80] });
    expect(byId.T!.cueing).toEqual({
      sessionsWithTrials: 2,
      allSessionsWithTrials: true,
      trials: 20,
      correct: 16,
      percentCorrect: 80,
      independentCorrect: 12,
      percentIndependent: 60,
      cuedCorrect: [
        { cue: 'verbal', trials: 3, percentOfTrials: 15 },
        { cue: 'model', trials: 1, percentOfTrials: 5 },
      ],
    });
  });

  it('covers only the rows with trials in a mixed period, says so, and orders equal counts least support first', () => {
    // The overall figures still pool every row of the period.
    expect(byId.M).toMatchObject({ sessionsWithData: 2, totalTrials: 20, successfulTrials: 11, overallAccuracy: 55 });
    expect(byId.M!.cueing).toEqual({
      sessionsWithTrials: 1,
      allSessionsWithTrials: false,
      trials: 10,
      correct: 8,
      percentCorrect: 80,
      independentCorrect: 1,
      percentIndependent: 10,
      cuedCorrect: [
        { cue: 'verbal', trials: 3, percentOfTrials: 30 },
        { cue: 'gestural', trials: 2, percentOfTrials: 20 },
        { cue: 'physical', trials: 2, percentOfTrials: 20 },
      ],
    });
  });

  it('has no cueing facts for rows saved as counts only', () => {
    expect(byId.N).toMatchObject({ sessionsWithData: 1, overallAccuracy: 50, cueing: null });
  });

  it('counts a row of 0 trials as no data, for the goal and for attendance', () => {
    expect(byId.Z).toMatchObject({ sessionsWithData: 0, totalTrials: 0, sessionAccuracies: [], overallAccuracy: null, cueing: null, progress: 'undetermined' });
    expect(facts.attendance).toMatchObject({ sessionsScheduled: 3, present: 2, notRecorded: 1 });
  });

  it('lets a note state the cueing numbers, and no others', () => {
    const numbers = factNumbers(facts);
    for (const n of [60, 12, 16, 15, 5, 1, 10, 8, 30, 20, 3, 2]) expect(numbers.has(n), String(n)).toBe(true);
    // What the cueing facts add beyond the other facts' numbers (60 is also the minutes): T's 12
    // trials correct independently and 15% verbal, M's 8 correct of the trials with cue levels.
    const withoutCueing = factNumbers({ ...facts, goals: facts.goals.map((g) => ({ ...g, cueing: null })) });
    expect([...numbers].filter((n) => !withoutCueing.has(n)).sort((a, b) => a - b)).toEqual([8, 12, 15]);
    for (const n of [65, 25, 45, 7]) expect(numbers.has(n), String(n)).toBe(false);
  });
});

describe('the period’s days in the account’s time zone', () => {
  const period: Period = { start: '2026-09-01', end: '2026-10-30' };
  // 30 October 16:30 in Los Angeles (UTC−7) is 23:30Z; 31 October 00:30 there is 07:30Z.
  const lastAfternoon = '2026-10-30T23:30:00.000Z';
  const nextMidnight = '2026-10-31T07:30:00.000Z';
  const facts = (timeZone: string) =>
    computeFacts({
      client,
      period,
      timeZone,
      goals: [goal('A', { createdAt: '2026-08-01T00:00:00.000Z' }), goal('E', { createdAt: '2026-08-01T00:00:00.000Z', status: 'mastered', masteredDate: nextMidnight })],
      progress: [row('A', 'late', lastAfternoon, 7, 10), row('A', 'after', nextMidnight, 1, 10)],
      sessions: [session('late', lastAfternoon, { duration: 40 }), session('after', nextMidnight), session('first', '2026-09-01T06:30:00.000Z')],
    });

  it('holds a 4:30 pm Pacific session on the last day and leaves out 00:30 the day after', () => {
    const pacific = facts('America/Los_Angeles');
    expect(pacific.attendance).toMatchObject({ sessionsScheduled: 1, present: 1, totalMinutes: 40 });
    expect(pacific.goals.map((g) => [g.goalId, g.sessionsWithData, g.overallAccuracy])).toEqual([['A', 1, 70]]);
  });

  it('is not the UTC days: those take in 31 August 23:30 Pacific (1 September 06:30Z)', () => {
    const utc = facts('UTC');
    expect(utc.attendance).toMatchObject({ sessionsScheduled: 2, totalMinutes: 70 });
    expect(utc.goals.map((g) => g.goalId)).toEqual(['A']);
  });
});
