import { Box, Flex, Text } from '@chakra-ui/react';
import { monitoringLinesText } from '@caseload/contract/goal-chart';
import { monitoringSeries, type GoalMonitoring } from '@caseload/contract/monitoring';
import type { Baseline } from '@caseload/contract/trials';
import { wallClock } from '@caseload/contract/wall-clock';
import { calendarDate, type AccuracyPoint } from '../lib/goals.ts';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;
/** Where a goal without a criterion gets its faint reference line. */
const REFERENCE_ACCURACY = 80;

interface AccuracySparklineProps {
  points: readonly AccuracyPoint[];
  /** The goal's criterion accuracy: a dashed line at that height. */
  criterion?: number;
  /** Where the student started: a hollow point before the first session. */
  baseline?: Baseline;
  /** The goal read's monitoring (part 4 §7): its trend and aim line at each slot's date. */
  monitoring?: GoalMonitoring | null;
  /** The account's zone, which dates the sessions as the server does (the lines need the dates). */
  timeZone?: string;
}

/** The goal's accuracy over its sessions as a small inline SVG line (0–100 %), no chart library. */
export function AccuracySparkline({ points, criterion, baseline, monitoring, timeZone }: AccuracySparklineProps) {
  if (points.length === 0) {
    return (
      <Text fontSize="xs" color="fg.muted">
        No progress data yet
      </Text>
    );
  }
  // The baseline takes the first slot on the time axis, the sessions the rest.
  const slots = points.length + (baseline ? 1 : 0);
  const first = baseline ? 1 : 0;
  const x = (slot: number) => (slots === 1 ? WIDTH / 2 : PAD + (slot * (WIDTH - 2 * PAD)) / (slots - 1));
  const y = (value: number) => PAD + ((100 - value) * (HEIGHT - 2 * PAD)) / 100;
  const line = points.map((point, i) => `${x(first + i).toFixed(1)},${y(point.accuracy).toFixed(1)}`).join(' ');
  const latest = points.at(-1)!.accuracy;
  // The same heights the Reports figure draws (contract monitoring.ts), one per slot; the trend starts at the first session.
  const dates = timeZone ? [...(baseline ? [baseline.date] : []), ...points.map((p) => wallClock(p.at, timeZone).date)] : [];
  const lines = monitoringSeries(timeZone ? monitoring : null, dates);
  if (baseline) lines.trend[0] = null;
  const polyline = (values: (number | null)[]) =>
    values.flatMap((v, slot) => (v === null ? [] : [`${x(slot).toFixed(1)},${y(Math.max(0, Math.min(100, v))).toFixed(1)}`])).join(' ');
  const trend = polyline(lines.trend);
  const aim = polyline(lines.aim);
  const linesText = timeZone ? monitoringLinesText(monitoring) : null;
  const description = [
    `Accuracy over ${points.length} ${points.length === 1 ? 'session' : 'sessions'}: ${points.map((p) => `${p.accuracy}%`).join(', ')}`,
    ...(baseline ? [`baseline ${baseline.accuracy}% on ${calendarDate(baseline.date)}`] : []),
    ...(criterion !== undefined ? [`criterion ${criterion}%`] : []),
    ...(linesText ? [linesText] : []),
  ].join('; ');

  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Box color="blue.600" flexShrink="0" lineHeight="0">
        <svg role="img" aria-label={description} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
          {criterion !== undefined ? (
            <line data-testid="criterion-line" x1={PAD} x2={WIDTH - PAD} y1={y(criterion)} y2={y(criterion)} stroke="var(--chakra-colors-green-600)" strokeWidth="1.5" strokeDasharray="4 2" />
          ) : (
            <line x1={PAD} x2={WIDTH - PAD} y1={y(REFERENCE_ACCURACY)} y2={y(REFERENCE_ACCURACY)} stroke="currentColor" strokeOpacity="0.2" strokeDasharray="2 2" />
          )}
          {aim.includes(' ') && <polyline data-testid="aim-line" points={aim} fill="none" stroke="var(--chakra-colors-gray-800)" strokeWidth="1" strokeDasharray="5 2 1 2" />}
          {trend.includes(' ') && <polyline data-testid="trend-line" points={trend} fill="none" stroke="var(--chakra-colors-gray-500)" strokeWidth="1.5" />}
          {points.length > 1 && <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />}
          {baseline && <circle data-testid="baseline-point" cx={x(0)} cy={y(baseline.accuracy)} r="2.5" fill="white" stroke="var(--chakra-colors-gray-600)" strokeWidth="1.5" />}
          <circle cx={x(slots - 1)} cy={y(latest)} r="2.5" fill="currentColor" />
        </svg>
      </Box>
      <Text fontSize="xs" color="fg.muted">
        Latest {latest}%{criterion !== undefined ? ` · criterion ${criterion}%` : ''}
        {baseline ? ` · baseline ${baseline.accuracy}%` : ''}
      </Text>
    </Flex>
  );
}
