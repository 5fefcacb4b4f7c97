import { describe, expect, it } from 'vitest';
import { correctByCueMix, criterionAccuracy, criterionCorrect, independence, percentOf, type TrialTally } from './figures.ts';

/** 10 trials: 5 correct independently, 1 with a verbal cue, 2 with a model; 2 incorrect. */
const scored: TrialTally = { successfulAttempts: 8, totalAttempts: 10, independentCorrect: 5, correctByCue: { independent: 5, verbal: 1, model: 2 } };
const countsOnly: TrialTally = { successfulAttempts: 3, totalAttempts: 4 };

describe('percentOf', () => {
  it('rounds halves up from exact numbers, and is 0 without a whole', () => {
    expect(percentOf(29, 200)).toBe(15);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(3, 0)).toBe(0);
  });
});

describe('criterionAccuracy', () => {
  it('counts correct trials at or below the highest cue level over all trials', () => {
    expect(criterionCorrect(scored, 'verbal')).toBe(6);
    expect(criterionAccuracy([scored], 'verbal')).toBe(60);
    expect(criterionAccuracy([scored], 'independent')).toBe(50);
    expect(criterionAccuracy([scored], 'physical')).toBe(80);
  });

  it('is plain accuracy without a highest cue level, and pools rows', () => {
    expect(criterionAccuracy([scored], undefined)).toBe(80);
    expect(criterionAccuracy([scored, countsOnly], undefined)).toBe(79);
  });

  it('counts nothing correct in a counts-only row under a highest cue level, and is null without trials', () => {
    expect(criterionAccuracy([countsOnly], 'verbal')).toBe(0);
    expect(criterionAccuracy([], undefined)).toBeNull();
    expect(criterionAccuracy([{ successfulAttempts: 0, totalAttempts: 0 }], undefined)).toBeNull();
  });
});

describe('independence', () => {
  it('is independent correct over all trials of the rows scored trial by trial', () => {
    expect(independence([scored])).toBe(50);
    // The counts-only row has no cue levels: its trials are not in the denominator.
    expect(independence([scored, countsOnly])).toBe(50);
    expect(independence([countsOnly])).toBeNull();
  });
});

describe('correctByCueMix', () => {
  it('gives correct trials per level over all trials, most first, its independent share being independence', () => {
    expect(correctByCueMix([scored, countsOnly])).toEqual([
      { cue: 'independent', trials: 5, percent: 50 },
      { cue: 'model', trials: 2, percent: 20 },
      { cue: 'verbal', trials: 1, percent: 10 },
    ]);
    expect(correctByCueMix([countsOnly])).toEqual([]);
  });
});
