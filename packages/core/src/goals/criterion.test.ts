import { describe, expect, it } from 'vitest';
import type { CueCounts } from '@caseload/contract/trials';
import { criterionMet, goalStanding, recentAccuracy, sessionsNeeded, sessionsWithData, type CriterionRow } from './criterion.ts';

let n = 0;
/** A row of a session on March `day` (2026), counts only unless correct trials per cue level are given. */
const row = (day: number, successfulAttempts: number, totalAttempts: number, correctByCue?: CueCounts): CriterionRow => ({
  recordedAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  sessionId: `s${n++}`,
  successfulAttempts,
  totalAttempts,
  correctByCue,
});
/** Live-scored row: `independent` correct without help, `verbal` correct with verbal cues, out of `total`. */
const scored = (day: number, total: number, correct: CueCounts) =>
  row(day, Object.values(correct).reduce((a, b) => a + (b ?? 0), 0), total, correct);

const eightyOverThree = { criterionAccuracy: 80, criterionSessions: 3 };

describe('sessionsWithData', () => {
  it('keeps rows with at least one attempt, newest first, whatever the order they come in', () => {
    const [a, b, c, empty] = [row(2, 1, 2), row(9, 1, 1), row(5, 0, 3), row(12, 0, 0)];
    expect(sessionsWithData([a, b, empty, c])).toEqual([b, c, a]);
  });
});

describe('recentAccuracy', () => {
  it('is the newest session with data, a whole percent: 7 of 10 on the 9th after 10 of 10 on the 2nd is 70', () => {
    expect(recentAccuracy([row(2, 10, 10), row(9, 7, 10)])).toBe(70);
  });
  it('skips a newer session without data (0 of 0)', () => {
    expect(recentAccuracy([row(2, 3, 4), row(9, 0, 0)])).toBe(75);
  });
  it('rounds halves up and thirds to the nearest: 29 of 200 is 15 (14.5), 1 of 8 is 13 (12.5), 2 of 3 is 67, 1 of 3 is 33', () => {
    expect(recentAccuracy([row(1, 29, 200)])).toBe(15);
    expect(recentAccuracy([row(1, 1, 8)])).toBe(13);
    expect(recentAccuracy([row(1, 2, 3)])).toBe(67);
    expect(recentAccuracy([row(1, 1, 3)])).toBe(33);
  });
  it('is absent without a session with data', () => {
    expect(recentAccuracy([])).toBeUndefined();
    expect(recentAccuracy([row(1, 0, 0)])).toBeUndefined();
  });
});

describe('criterionMet', () => {
  it('is false without a structured criterion, however good the data', () => {
    expect(criterionMet({}, [row(1, 10, 10), row(2, 10, 10), row(3, 10, 10)])).toBe(false);
  });

  it('needs as many sessions with data as required: 2 sessions at 100% under "80% over 3" is not met, 3 at 80% is', () => {
    expect(criterionMet(eightyOverThree, [row(1, 10, 10), row(2, 10, 10)])).toBe(false);
    expect(criterionMet(eightyOverThree, [row(1, 8, 10), row(2, 4, 5), row(3, 16, 20)])).toBe(true);
  });

  it('reads only the last required sessions: an old 20% does not count, a newest 70% breaks it', () => {
    const good = [row(2, 8, 10), row(3, 9, 10), row(4, 10, 10)];
    expect(criterionMet(eightyOverThree, [row(1, 2, 10), ...good])).toBe(true);
    expect(criterionMet(eightyOverThree, [...good, row(5, 7, 10)])).toBe(false);
  });

  it('skips a session without data between two with data: 8/10, 0/0, 9/10, 10/10 is three in a row', () => {
    expect(criterionMet(eightyOverThree, [row(1, 8, 10), row(2, 0, 0), row(3, 9, 10), row(4, 10, 10)])).toBe(true);
    // The 0 of 0 does not stand in for a missing third session either.
    expect(criterionMet(eightyOverThree, [row(2, 0, 0), row(3, 9, 10), row(4, 10, 10)])).toBe(false);
  });

  it('compares exactly, in whole numbers: 2 of 3 (shown as 67%) does not reach 67%, 67 of 100 does; 4 of 5 reaches 80%', () => {
    expect(criterionMet({ criterionAccuracy: 67, criterionSessions: 1 }, [row(1, 2, 3)])).toBe(false);
    expect(criterionMet({ criterionAccuracy: 67, criterionSessions: 1 }, [row(1, 67, 100)])).toBe(true);
    expect(criterionMet({ criterionAccuracy: 66, criterionSessions: 1 }, [row(1, 2, 3)])).toBe(true);
    expect(criterionMet({ criterionAccuracy: 80, criterionSessions: 1 }, [row(1, 4, 5)])).toBe(true);
    expect(criterionMet({ criterionAccuracy: 100, criterionSessions: 1 }, [row(1, 199, 200)])).toBe(false);
  });

  it('counts only correct trials at or below criterionMaxCue: 8 of 10 with 2 of them model-cued is 60% at verbal, 80% at model', () => {
    // 10 trials: 4 correct independently, 2 with a verbal cue, 2 with a model: 8 correct.
    const sessions = [1, 2, 3].map((day) => scored(day, 10, { independent: 4, verbal: 2, model: 2 }));
    expect(sessions.every((s) => s.successfulAttempts === 8)).toBe(true);
    expect(criterionMet({ ...eightyOverThree, criterionMaxCue: 'verbal' }, sessions)).toBe(false);
    expect(criterionMet({ criterionAccuracy: 60, criterionSessions: 3, criterionMaxCue: 'verbal' }, sessions)).toBe(true);
    expect(criterionMet({ ...eightyOverThree, criterionMaxCue: 'model' }, sessions)).toBe(true);
    expect(criterionMet({ ...eightyOverThree, criterionMaxCue: 'physical' }, sessions)).toBe(true);
    // Independent only: 4 of 10.
    expect(criterionMet({ criterionAccuracy: 40, criterionSessions: 3, criterionMaxCue: 'independent' }, sessions)).toBe(true);
    expect(criterionMet({ criterionAccuracy: 41, criterionSessions: 3, criterionMaxCue: 'independent' }, sessions)).toBe(false);
  });

  it('without criterionMaxCue counts every correct trial, whatever its cue', () => {
    const sessions = [1, 2, 3].map((day) => scored(day, 10, { physical: 8 }));
    expect(criterionMet(eightyOverThree, sessions)).toBe(true);
  });

  it('counts a counts-only row under a criterionMaxCue as not reaching it (it cannot show cue levels), but counts it without one', () => {
    const mixed = [scored(1, 10, { independent: 9 }), row(2, 10, 10), scored(3, 10, { independent: 10 })];
    expect(criterionMet({ ...eightyOverThree, criterionMaxCue: 'physical' }, mixed)).toBe(false);
    expect(criterionMet(eightyOverThree, mixed)).toBe(true);
    // Two more live-scored sessions (8 and 9 of 10 independently): the last three are live-scored and the counts-only one no longer counts.
    const later = [...mixed, scored(4, 10, { independent: 8 }), scored(5, 10, { independent: 9 })];
    expect(criterionMet({ ...eightyOverThree, criterionMaxCue: 'independent' }, later)).toBe(true);
  });
});

describe('sessionsNeeded and goalStanding', () => {
  it("a goal's read needs its criterion's sessions, or the newest one for its accuracy", () => {
    expect(sessionsNeeded({})).toBe(1);
    expect(sessionsNeeded(eightyOverThree)).toBe(3);
    expect(sessionsNeeded({ criterionAccuracy: 90, criterionSessions: 10 })).toBe(10);
  });
  it('answers both figures together', () => {
    expect(goalStanding(eightyOverThree, [row(1, 8, 10), row(2, 9, 10), row(3, 10, 10)])).toEqual({ recentAccuracy: 100, criterionMet: true });
    expect(goalStanding(eightyOverThree, [])).toEqual({ recentAccuracy: undefined, criterionMet: false });
  });
});
