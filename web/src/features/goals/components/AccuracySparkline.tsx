import { Box, Flex, Text } from '@chakra-ui/react';
import type { AccuracyPoint } from '../lib/goals.ts';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;

/** The goal's accuracy over its sessions as a small inline SVG line (0–100 %), no chart library. */
export function AccuracySparkline({ points }: { points: readonly AccuracyPoint[] }) {
  if (points.length === 0) {
    return (
      <Text fontSize="xs" color="fg.muted">
        No progress data yet
      </Text>
    );
  }
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (value: number) => PAD + ((100 - value) * (HEIGHT - 2 * PAD)) / 100;
  const line = points.map((point, i) => `${x(i).toFixed(1)},${y(point.accuracy).toFixed(1)}`).join(' ');
  const latest = points.at(-1)!.accuracy;
  const description = `Accuracy over ${points.length} ${points.length === 1 ? 'session' : 'sessions'}: ${points.map((p) => `${p.accuracy}%`).join(', ')}`;

  return (
    <Flex align="center" gap="2">
      <Box color="blue.600" flexShrink="0" lineHeight="0">
        <svg role="img" aria-label={description} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
          <line x1={PAD} x2={WIDTH - PAD} y1={y(80)} y2={y(80)} stroke="currentColor" strokeOpacity="0.2" strokeDasharray="2 2" />
          {points.length > 1 && <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />}
          <circle cx={x(points.length - 1)} cy={y(latest)} r="2.5" fill="currentColor" />
        </svg>
      </Box>
      <Text fontSize="xs" color="fg.muted">
        Latest {latest}%
      </Text>
    </Flex>
  );
}
