/**
 * A goal's progress over a period as one figure (spec part 3 §6): accuracy per session, the
 * criterion as a line, the baseline as a point, the cue-level mix and the status in plain words.
 *
 * One source for the figure: the server computes the data (reports page and parent PDF), and
 * `goalChartOption` turns it into the ECharts option that both the reports page (ECharts in the
 * browser) and the PDF writer (ECharts' server-side SVG, drawn into the PDF as vectors) render.
 * The figure is drawn in black and grays with distinct marks (solid line with filled dots, dashed
 * criterion, hollow diamond baseline) so it reads the same printed in black and white.
 */
import * as z from 'zod/mini';
import { isoDate, schema } from './common.ts';
import { longDate, monitoringSeries, type GoalMonitoring } from './monitoring.ts';
import { baseline, cueLevelLabels, cueLevels } from './trials.ts';

export const goalProgressStates = ['mastered', 'progressing', 'not_yet', 'no_data'] as const;
export type GoalProgressState = (typeof goalProgressStates)[number];
export const goalProgressLabels: Record<GoalProgressState, string> = {
  mastered: 'Mastered',
  progressing: 'Progressing',
  not_yet: 'Not yet',
  no_data: 'No data',
};

export const goalChart = /* @__PURE__ */ schema(() =>
  z.object({
    /** The criterion's accuracy per session over the period (figures.ts), oldest first; `date` is the school day. */
    points: z.array(z.object({ date: isoDate, accuracy: z.number() })),
    /** The goal's criterion accuracy, drawn as a line; null when the goal has none. */
    criterion: z.nullable(z.number()),
    baseline: z.nullable(baseline),
    /**
     * Correct trials per cue level over the period, each as a share of all trials scored trial by
     * trial (figures.ts correctByCueMix), most first; empty when no session was scored trial by trial.
     */
    cueMix: z.array(z.object({ cue: z.enum(cueLevels), trials: z.number(), percent: z.number() })),
    progress: z.enum(goalProgressStates),
  }),
);
export type GoalChart = z.infer<typeof goalChart>;

/**
 * "Correct by cue level: Independent 60% · Verbal 20%", or null without correct trials scored
 * trial by trial. The shares are of all trials, so they add up to the share correct, not to 100.
 */
export function cueMixText(chart: Pick<GoalChart, 'cueMix'>): string | null {
  if (chart.cueMix.length === 0) return null;
  return `Correct by cue level: ${chart.cueMix.map((c) => `${cueLevelLabels[c.cue]} ${c.percent}%`).join(' · ')}`;
}

/**
 * The monitoring lines in words (part 4 §7), for the figure's caption and its accessible name:
 * 'Trend +2.5 points a week; Aim line from 40% on Feb 23, 2026 to 80% on Jun 1, 2026'; null without either line.
 */
export function monitoringLinesText(monitoring: GoalMonitoring | null | undefined): string | null {
  const parts: string[] = [];
  if (monitoring?.trendLine && monitoring.slopePerWeek !== null) parts.push(`Trend ${monitoring.slopePerWeek > 0 ? '+' : ''}${monitoring.slopePerWeek} points a week`);
  const aim = monitoring?.aimLine;
  if (aim) parts.push(`Aim line from ${aim.from.accuracy}% on ${longDate(aim.from.date)} to ${aim.to.accuracy}% on ${longDate(aim.to.date)}`);
  return parts.length ? parts.join('; ') : null;
}

/** What a screen reader hears for the figure (the chart's own text is not read). */
export function goalChartDescription(chart: GoalChart, monitoring?: GoalMonitoring | null): string {
  const parts = [
    chart.points.length === 0
      ? 'No sessions with data in this period'
      : `Accuracy over ${chart.points.length} ${chart.points.length === 1 ? 'session' : 'sessions'}: ${chart.points.map((p) => `${p.accuracy}%`).join(', ')}`,
  ];
  if (chart.baseline) parts.push(`baseline ${chart.baseline.accuracy}%`);
  if (chart.criterion !== null) parts.push(`criterion ${chart.criterion}%`);
  parts.push(`status: ${goalProgressLabels[chart.progress]}`);
  const lines = monitoringLinesText(monitoring);
  if (lines) parts.push(lines);
  return parts.join('; ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Sep 3" from 2026-09-03, with no time zone involved (the date is already the school day). */
const shortDate = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

export const GOAL_CHART_HEIGHT = 180;
const INK = '#111111';
const GRID = '#cccccc';
const FONT = 'Noto Sans, sans-serif';

/**
 * The ECharts option for one goal's figure. Plain data only (no functions), so the same object
 * renders in the browser and on the server. The baseline, when there is one, takes the first
 * slot of the time axis, labelled "Baseline".
 */
/** A figure's words, dates and percents in another language (the family's report, i18n/report-messages.ts chartWords). */
export interface ChartWords {
  baseline: string;
  /** "Criterion 80%" with the percent already written. */
  criterion: (percent: string) => string;
  percent: (value: number) => string;
  shortDate: (date: string) => string;
  /** The font family the labels are drawn in (the PDF's face for the language's script). */
  fontFamily?: string;
}

const englishWords: ChartWords = { baseline: 'Baseline', criterion: (percent) => `Criterion ${percent}`, percent: (value) => `${value}%`, shortDate };

/**
 * `monitoring` (the goal read's, part 4 §7), when given, adds the trend (solid gray) and the aim
 * line (dash-dot) at each slot's date; the baseline's slot is the aim line's start.
 */
export function goalChartOption(chart: GoalChart, words: ChartWords = englishWords, monitoring?: GoalMonitoring | null) {
  const slots = [...(chart.baseline ? [words.baseline] : []), ...chart.points.map((p) => words.shortDate(p.date))];
  const lead = chart.baseline ? [null] : [];
  const dates = [...(chart.baseline ? [chart.baseline.date] : []), ...chart.points.map((p) => p.date)];
  const lines = monitoringSeries(monitoring, dates);
  // The trend is fitted to sessions: it is not drawn over the baseline's slot.
  if (chart.baseline) lines.trend[0] = null;
  const textStyle = { color: INK, fontFamily: words.fontFamily ?? FONT, fontSize: 11 };
  return {
    animation: false,
    textStyle,
    // The criterion's label sits above its line inside the plot, so a phone-width figure keeps
    // its width for the sessions; the top leaves room for it over a 100% criterion.
    grid: { left: 44, right: 16, top: 22, bottom: 26 },
    xAxis: {
      type: 'category',
      data: slots,
      boundaryGap: true,
      axisLine: { lineStyle: { color: INK } },
      axisTick: { alignWithLabel: true, lineStyle: { color: INK } },
      axisLabel: { ...textStyle, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: 25,
      axisLabel: { ...textStyle, formatter: '{value}%' },
      splitLine: { lineStyle: { color: GRID, width: 0.5 } },
    },
    series: [
      {
        name: 'Accuracy',
        type: 'line',
        data: [...lead, ...chart.points.map((p) => p.accuracy)],
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 6,
        lineStyle: { color: INK, width: 2 },
        itemStyle: { color: INK },
        markLine:
          chart.criterion === null
            ? undefined
            : {
                silent: true,
                symbol: 'none',
                lineStyle: { color: INK, type: 'dashed', width: 1.5 },
                // On a white ground: the accuracy line may pass behind the words, never through them.
                label: { ...textStyle, position: 'insideEndTop', formatter: words.criterion(words.percent(chart.criterion)), backgroundColor: '#ffffff', padding: [1, 3] },
                data: [{ yAxis: chart.criterion }],
              },
      },
      ...(chart.baseline
        ? [
            {
              name: words.baseline,
              type: 'line',
              data: [chart.baseline.accuracy, ...chart.points.map(() => null)],
              symbol: 'diamond',
              symbolSize: 11,
              lineStyle: { width: 0 },
              itemStyle: { color: '#ffffff', borderColor: INK, borderWidth: 1.5 },
              label: { show: true, ...textStyle, position: 'right', formatter: `${words.baseline} ${words.percent(chart.baseline.accuracy)}` },
            },
          ]
        : []),
      ...(lines.trend.some((v) => v !== null)
        ? [{ name: 'Trend', type: 'line', data: lines.trend, symbol: 'none', connectNulls: true, silent: true, lineStyle: { color: '#555555', width: 1.5 } }]
        : []),
      ...(lines.aim.some((v) => v !== null)
        ? [{ name: 'Aim line', type: 'line', data: lines.aim, symbol: 'none', connectNulls: true, silent: true, lineStyle: { color: INK, width: 1.5, type: [6, 3, 1, 3] } }]
        : []),
    ],
  };
}
