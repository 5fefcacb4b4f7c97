import { describe, expect, it } from 'vitest';
import { lineValueAt } from '@caseload/contract/monitoring';
import { sessionPoints } from './points.ts';
import { goalMonitoring, iepActiveOn, leastSquares, type MonitoringInput } from './trend.ts';

/** Mondays from March 2, 2026, a week apart. */
const MONDAYS = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'];
const weekly = (...accuracies: number[]) => accuracies.map((accuracy, i) => ({ date: MONDAYS[i]!, accuracy }));
/** Active from September to June 1: the aim line ends on June 1 (91 days after March 2). */
const IEP = { startDate: '2025-09-01', endDate: '2026-06-01', status: 'active' as const };
const input = (over: Partial<MonitoringInput>): MonitoringInput => ({ points: [], criterionAccuracy: 80, criterionMet: false, ieps: [IEP], ...over });

describe('leastSquares', () => {
  it('fits y = 40 + 10x/7 through four weekly points exactly, and has no line through one x', () => {
    const fit = leastSquares([0, 7, 14, 21], [40, 50, 60, 70])!;
    expect(fit.slope * 7).toBeCloseTo(10, 10);
    expect(fit.intercept).toBeCloseTo(40, 10);
    expect(leastSquares([3, 3, 3], [1, 2, 3])).toBeUndefined();
  });
});

describe('goalMonitoring', () => {
  it('is null for a goal without data', () => {
    expect(goalMonitoring(input({ points: [] }))).toBeNull();
  });

  it('rising (40, 50, 60, 70 weekly; no baseline): 10 points a week, the aim line starts at the first session, on track, reaches 80 four weeks after the first session', () => {
    const m = goalMonitoring(input({ points: weekly(40, 50, 60, 70) }))!;
    expect(m).toEqual({
      status: 'on_track',
      sessions: 4,
      weeks: 3,
      slopePerWeek: 10,
      // (80 − 40) ÷ (10/7 a day) = 28 days after March 2.
      projectedDate: '2026-03-30',
      aimLine: { from: { date: '2026-03-02', accuracy: 40 }, to: { date: '2026-06-01', accuracy: 80 } },
      trendLine: { from: { date: '2026-03-02', accuracy: 40 }, to: { date: '2026-03-23', accuracy: 70 } },
      basis: 'Based on 4 sessions over 3 weeks',
    });
  });

  it('flat (50 every week): slope 0, not projected, and under the aim line (50 < 50 + 30 × 21/91 = 56.9): at risk', () => {
    const m = goalMonitoring(input({ points: weekly(50, 50, 50, 50) }))!;
    expect(lineValueAt(m.aimLine!, '2026-03-23')).toBeCloseTo(56.92, 2);
    expect(m).toMatchObject({ status: 'at_risk', slopePerWeek: 0, projectedDate: null });
  });

  it('falling (70, 60, 50, 40): −10 a week, not projected, at risk', () => {
    expect(goalMonitoring(input({ points: weekly(70, 60, 50, 40) }))).toMatchObject({ status: 'at_risk', slopePerWeek: -10, projectedDate: null });
  });

  it('noisy (50, 70, 45, 75, 60) with a baseline of 40 on Feb 23: slope 175/490 a day = 2.5 a week, intercept 55, trend 65 on Mar 30 above the aim line (40 + 40 × 35/98 = 54.3), 80 reached 70 days after Mar 2', () => {
    const m = goalMonitoring(input({ points: weekly(50, 70, 45, 75, 60), baseline: { date: '2026-02-23', accuracy: 40 } }))!;
    expect(m).toMatchObject({
      status: 'on_track',
      sessions: 5,
      weeks: 4,
      slopePerWeek: 2.5,
      projectedDate: '2026-05-11',
      aimLine: { from: { date: '2026-02-23', accuracy: 40 }, to: { date: '2026-06-01', accuracy: 80 } },
      trendLine: { from: { date: '2026-03-02', accuracy: 55 }, to: { date: '2026-03-30', accuracy: 65 } },
      basis: 'Based on 5 sessions over 4 weeks',
    });
    expect(lineValueAt(m.aimLine!, '2026-03-30')).toBeCloseTo(54.29, 2);
  });

  it('the same points in any order give the same answer', () => {
    const points = weekly(50, 70, 45, 75, 60);
    expect(goalMonitoring(input({ points: [...points].reverse() }))).toEqual(goalMonitoring(input({ points })));
  });

  it('too few points (2 sessions 4 weeks apart): insufficient data, no slope or projection, the aim line still drawn, and the basis says what a trend needs', () => {
    const m = goalMonitoring(input({ points: [{ date: '2026-03-02', accuracy: 40 }, { date: '2026-03-30', accuracy: 90 }] }))!;
    expect(m).toMatchObject({ status: 'insufficient_data', sessions: 2, weeks: 4, slopePerWeek: null, projectedDate: null, trendLine: null });
    expect(m.aimLine).not.toBeNull();
    expect(m.basis).toBe('Based on 2 sessions over 4 weeks; a trend needs at least 3 sessions over 3 weeks');
  });

  it('too short a span (5 sessions over 20 days): insufficient data; 21 days is enough', () => {
    const days = ['2026-03-02', '2026-03-07', '2026-03-12', '2026-03-17', '2026-03-22'];
    const short = goalMonitoring(input({ points: days.map((date, i) => ({ date, accuracy: 40 + 10 * i })) }))!;
    expect(short).toMatchObject({ status: 'insufficient_data', weeks: 2, slopePerWeek: null });
    const enough = goalMonitoring(input({ points: [...days.slice(0, 4), '2026-03-23'].map((date, i) => ({ date, accuracy: 40 + 10 * i })) }))!;
    expect(enough.status).toBe('on_track');
    expect(enough.slopePerWeek).not.toBeNull();
  });

  it('no structured criterion: no aim line, insufficient data, and the basis says the criterion is missing (the trend is still fitted)', () => {
    const m = goalMonitoring(input({ points: weekly(40, 50, 60, 70), criterionAccuracy: undefined }))!;
    expect(m).toMatchObject({ status: 'insufficient_data', aimLine: null, slopePerWeek: 10, projectedDate: null });
    expect(m.basis).toBe('Based on 4 sessions over 3 weeks; the goal has no structured criterion');
  });

  it('no IEP active on the last data date (one ended before it, one only a draft): no aim line, insufficient data, and the basis names the day', () => {
    const ieps = [
      { startDate: '2025-03-01', endDate: '2026-02-28', status: 'active' as const },
      { startDate: '2026-03-01', endDate: '2027-02-28', status: 'draft' as const },
    ];
    const m = goalMonitoring(input({ points: weekly(40, 50, 60, 70), ieps }))!;
    expect(m).toMatchObject({ status: 'insufficient_data', aimLine: null });
    expect(m.basis).toBe('Based on 4 sessions over 3 weeks; no IEP is active on Mar 23, 2026');
  });

  it('an IEP ended early is not active after the day it was ended', () => {
    const ended = { startDate: '2025-09-01', endDate: '2026-06-01', status: 'ended' as const, endedOn: '2026-03-10' };
    expect(iepActiveOn([ended], '2026-03-10')).toBe(ended);
    expect(iepActiveOn([ended], '2026-03-11')).toBeUndefined();
  });

  it('criterion already met: on track whatever the trend, and the basis says so', () => {
    const m = goalMonitoring(input({ points: weekly(95, 90, 85, 80), criterionMet: true }))!;
    expect(m).toMatchObject({ status: 'on_track', slopePerWeek: -5, projectedDate: null });
    expect(m.basis).toBe('Based on 4 sessions over 3 weeks; the criterion is met');
  });

  it('a slope under half a point a week is not projected; 0.5 is', () => {
    // 0.4 a week: 40, 40.4, … over 4 weeks (accuracies need not be whole for the arithmetic).
    expect(goalMonitoring(input({ points: weekly(40, 40.4, 40.8, 41.2, 41.6) }))!.projectedDate).toBeNull();
    // 0.5 a week from 79 on Mar 2: 80 reached 14 days later.
    expect(goalMonitoring(input({ points: weekly(79, 79.5, 80, 80.5, 81) }))!.projectedDate).toBe('2026-03-16');
  });

  it('a date more than two years after the last data date is not projected', () => {
    // 0.6 a week from 20: 80 is 100 weeks after Mar 2 (Jan 31, 2028), within two years of Mar 30, 2026; 90 is 116.7 weeks, past it.
    const slow = weekly(20, 20.6, 21.2, 21.8, 22.4);
    expect(goalMonitoring(input({ points: slow }))!.projectedDate).toBe('2028-01-31');
    expect(goalMonitoring(input({ points: slow, criterionAccuracy: 90 }))!.projectedDate).toBeNull();
  });
});

describe('sessionPoints (the cue rule)', () => {
  const row = (day: string, successfulAttempts: number, totalAttempts: number, correctByCue?: Record<string, number>) => ({
    recordedAt: `${day}T15:00:00.000Z`,
    sessionId: day,
    successfulAttempts,
    totalAttempts,
    correctByCue,
  });

  it("values each session at the criterion's accuracy: under a highest cue level of 'verbal', 6 independent + 2 verbal + 2 model of 10 is 80%, without one 100%; rows without attempts are no session", () => {
    const rows = [row('2026-03-09', 10, 10, { independent: 6, verbal: 2, model: 2 }), row('2026-03-02', 0, 0), row('2026-03-02', 5, 10, { independent: 5 })];
    expect(sessionPoints(rows, 'verbal', 'America/Chicago')).toEqual([
      { date: '2026-03-02', accuracy: 50 },
      { date: '2026-03-09', accuracy: 80 },
    ]);
    expect(sessionPoints(rows, undefined, 'America/Chicago').map((p) => p.accuracy)).toEqual([50, 100]);
  });

  it('a session is dated by its school day in the account time zone (9 pm in Chicago is the next day in UTC)', () => {
    expect(sessionPoints([{ ...row('2026-03-03', 1, 1), recordedAt: '2026-03-03T03:00:00.000Z' }], undefined, 'America/Chicago')[0]!.date).toBe('2026-03-02');
  });

  it('counts-only sessions under a highest cue level count no correct trials (never claimed on data that cannot show it)', () => {
    expect(sessionPoints([row('2026-03-02', 9, 10)], 'verbal', 'UTC')).toEqual([{ date: '2026-03-02', accuracy: 0 }]);
  });
});
