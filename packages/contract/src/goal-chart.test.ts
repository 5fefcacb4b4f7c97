import { describe, expect, it } from 'vitest';
import { cueMixText, goalChartDescription, goalChartOption, type GoalChart } from './goal-chart.ts';

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
});
