import { describe, expect, it } from 'vitest';
import { cueMixText, goalChartDescription, goalChartOption, monitoringLinesText, type GoalChart } from './goal-chart.ts';
import type { GoalMonitoring } from './monitoring.ts';

const chart: GoalChart = {
  points: [{ date: '2026-09-03', accuracy: 40 }, { date: '2026-10-10', accuracy: 65 }],
  criterion: 80,
  baseline: { accuracy: 30, date: '2026-08-28' },
  cueMix: [{ cue: 'independent', trials: 12, percent: 60 }, { cue: 'verbal', trials: 8, percent: 40 }],
  progress: 'progressing',
};

describe('the goal figure', () => {
  it('puts the baseline in the first slot, the sessions after it, and the criterion as a dashed line', () => {
    const option = goalChartOption(chart);
    expect(option.xAxis.data).toEqual(['Baseline', 'Sep 3', 'Oct 10']);
    expect(option.series[0]!.data).toEqual([null, 40, 65]);
    expect(option.series[0]!.markLine).toMatchObject({ data: [{ yAxis: 80 }], lineStyle: { type: 'dashed' }, label: { formatter: 'Criterion 80%' } });
    expect(option.series[1]).toMatchObject({ name: 'Baseline', data: [30, null, null], symbol: 'diamond' });
    // Plain data only: the same object renders in the browser and on the server.
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });

  it('leaves out the criterion and the baseline when the goal has none', () => {
    const option = goalChartOption({ ...chart, criterion: null, baseline: null });
    expect(option.xAxis.data).toEqual(['Sep 3', 'Oct 10']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.markLine).toBeUndefined();
  });

  it('says the cue-level mix and the whole figure in words', () => {
    expect(cueMixText(chart)).toBe('Correct by cue level: Independent 60% · Verbal 40%');
    expect(cueMixText({ cueMix: [] })).toBeNull();
    expect(goalChartDescription(chart)).toBe('Accuracy over 2 sessions: 40%, 65%; baseline 30%; criterion 80%; status: Progressing');
  });

  it('draws the trend over the sessions and the aim line from the baseline (part 4 §7), and says both in words', () => {
    // Aim line from 30% on Aug 28 to 80% on Dec 6 (100 days, half a point a day): 33 on Sep 3 (6 days), 51.5 on Oct 10 (43 days).
    const monitoring: GoalMonitoring = {
      status: 'on_track',
      sessions: 5,
      weeks: 5,
      slopePerWeek: 4.7,
      projectedDate: '2026-11-20',
      aimLine: { from: { date: '2026-08-28', accuracy: 30 }, to: { date: '2026-12-06', accuracy: 80 } },
      trendLine: { from: { date: '2026-09-03', accuracy: 40 }, to: { date: '2026-10-10', accuracy: 65 } },
      basis: 'Based on 5 sessions over 5 weeks',
    };
    const option = goalChartOption(chart, undefined, monitoring);
    expect(option.series.find((s) => s.name === 'Trend')).toMatchObject({ data: [null, 40, 65] });
    expect(option.series.find((s) => s.name === 'Aim line')).toMatchObject({ data: [30, 33, 51.5] });
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
    expect(monitoringLinesText(monitoring)).toBe('Trend +4.7 points a week; Aim line from 30% on Aug 28, 2026 to 80% on Dec 6, 2026');
    expect(goalChartDescription(chart, monitoring)).toContain('; Trend +4.7 points a week; Aim line from 30%');
    // Without monitoring (or before a trend), no such series.
    expect(goalChartOption(chart).series.map((s) => s.name)).toEqual(['Accuracy', 'Baseline']);
    expect(goalChartOption(chart, undefined, { ...monitoring, trendLine: null, slopePerWeek: null, aimLine: null }).series).toHaveLength(2);
  });
});
