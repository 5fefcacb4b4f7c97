import { describe, expect, it } from 'vitest';
import type { ProgressItem } from '../items.ts';
import { goalChart } from './goal-charts.ts';

let n = 0;
const row = (recordedAt: string, successfulAttempts: number, totalAttempts: number, extra: Partial<ProgressItem> = {}): ProgressItem => ({
  id: `p${++n}`,
  accountId: 'a',
  sessionId: `s${n}`,
  goalId: 'g',
  clientId: 'c',
  successfulAttempts,
  totalAttempts,
  recordedAt,
  updatedAt: recordedAt,
  ...extra,
});
const active = { status: 'active' as const };

describe('goalChart', () => {
  it("plots accuracy per session, oldest first, on the account's school day, without sessions that have no attempts", () => {
    const chart = goalChart(active, [row('2026-09-10T15:00:00.000Z', 7, 10), row('2026-09-04T02:30:00.000Z', 1, 2), row('2026-09-12T15:00:00.000Z', 0, 0)], 'America/Los_Angeles');
    // 02:30 UTC on the 4th is the evening of the 3rd in Los Angeles.
    expect(chart.points).toEqual([
      { date: '2026-09-03', accuracy: 50 },
      { date: '2026-09-10', accuracy: 70 },
    ]);
    expect(chart.criterion).toBeNull();
    expect(chart.baseline).toBeNull();
  });

  it('reads the status in plain words: mastered, no data, progressing against the baseline or the first session, not yet', () => {
    const rows = [row('2026-09-01T15:00:00.000Z', 5, 10), row('2026-09-08T15:00:00.000Z', 6, 10), row('2026-09-15T15:00:00.000Z', 7, 10)];
    expect(goalChart({ status: 'mastered' }, [], 'UTC').progress).toBe('mastered');
    expect(goalChart(active, [], 'UTC').progress).toBe('no_data');
    expect(goalChart(active, rows, 'UTC').progress).toBe('progressing');
    // The last three sessions average 60%: above a 40% baseline, not above a 70% one.
    expect(goalChart({ ...active, baseline: { accuracy: 40, date: '2026-08-20' } }, rows, 'UTC').progress).toBe('progressing');
    expect(goalChart({ ...active, baseline: { accuracy: 70, date: '2026-08-20' } }, rows, 'UTC').progress).toBe('not_yet');
    // One session and no baseline: nothing to compare with.
    expect(goalChart(active, rows.slice(0, 1), 'UTC').progress).toBe('not_yet');
    // Rows in any order: the first session is the oldest one.
    expect(goalChart(active, [...rows].reverse(), 'UTC')).toEqual(goalChart(active, rows, 'UTC'));
  });

  it('mixes the correct trials per cue level over all trials of the period, most first, and carries the criterion', () => {
    const chart = goalChart({ ...active, criterionAccuracy: 80 }, [
      row('2026-09-01T15:00:00.000Z', 6, 10, { independentCorrect: 3, cueCounts: { independent: 4, verbal: 6 }, correctByCue: { independent: 3, verbal: 3 } }),
      row('2026-09-08T15:00:00.000Z', 8, 10, { independentCorrect: 7, cueCounts: { independent: 8, visual: 2 }, correctByCue: { independent: 7, visual: 1 } }),
      // Counts only: no cue levels, so not in the mix.
      row('2026-09-09T15:00:00.000Z', 3, 5),
    ], 'UTC');
    // Independent 10 of 20 trials: the same figure as the note's "50% independently".
    expect(chart.cueMix).toEqual([
      { cue: 'independent', trials: 10, percent: 50 },
      { cue: 'verbal', trials: 3, percent: 15 },
      { cue: 'visual', trials: 1, percent: 5 },
    ]);
    expect(chart.criterion).toBe(80);
    expect(goalChart(active, [row('2026-09-01T15:00:00.000Z', 6, 10)], 'UTC').cueMix).toEqual([]);
  });

  it("plots the criterion's accuracy: correct trials above its highest cue level do not count", () => {
    const scored = { independentCorrect: 5, correctByCue: { independent: 5, verbal: 1, model: 2 } };
    const rows = [row('2026-09-01T15:00:00.000Z', 8, 10, scored)];
    expect(goalChart({ ...active, criterionAccuracy: 80, criterionMaxCue: 'verbal' }, rows, 'UTC').points).toEqual([{ date: '2026-09-01', accuracy: 60 }]);
    expect(goalChart({ ...active, criterionAccuracy: 80 }, rows, 'UTC').points).toEqual([{ date: '2026-09-01', accuracy: 80 }]);
  });
});
