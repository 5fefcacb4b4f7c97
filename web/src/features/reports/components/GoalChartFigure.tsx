import { Badge, Box, Flex, Skeleton, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { cueMixText, GOAL_CHART_HEIGHT, goalChartDescription, goalChartOption, goalProgressLabels, monitoringLinesText, type GoalChart } from '@caseload/contract/goal-chart';
import type { GoalMonitoring } from '@caseload/contract/monitoring';
import { chartDescriptionIn, chartWords, cueMixIn, type ReportFormatter } from '@caseload/contract/i18n/report-messages';

type ECharts = typeof import('@caseload/contract/goal-chart-renderer');
let echartsModule: Promise<ECharts> | undefined;
/** ECharts (~200 KB gzip) downloads once, when the first figure is shown; a failed download is tried again next time. */
function loadECharts(): Promise<ECharts> {
  echartsModule ??= import('@caseload/contract/goal-chart-renderer').catch((error: unknown) => {
    echartsModule = undefined;
    throw error;
  });
  return echartsModule;
}

/** Width used before the container has been laid out (a hidden or not yet measured box). */
const FALLBACK_WIDTH = 320;

/**
 * One goal's figure over the period (spec part 3 §6), the same ECharts option the parent PDF
 * draws: accuracy per session, the criterion as a dashed line, the baseline as a diamond, in
 * black and grays. The status is a text badge and the cue-level mix a line of text under it; the
 * drawing itself is one image whose name says what it shows. `width` fixes the drawing's width
 * (tests); otherwise it follows its container. `labels` writes its words in another language (the
 * family's report); English otherwise. `monitoring` (the goal read's, part 4 §7) adds the trend and
 * the aim line, said in words under the badge; the family's report leaves it out.
 */
export function GoalChartFigure({ chart, width, labels, monitoring }: { chart: GoalChart; width?: number; labels?: ReportFormatter; monitoring?: GoalMonitoring | null }) {
  const empty = chart.points.length === 0 && chart.baseline === null;
  const cueMix = labels ? cueMixIn(labels, chart) : cueMixText(chart);
  const status = labels ? labels.status(chart.progress) : goalProgressLabels[chart.progress];
  const description = labels ? chartDescriptionIn(labels, chart) : goalChartDescription(chart, monitoring);
  const lines = labels ? null : monitoringLinesText(monitoring);
  return (
    <Box as="figure" m="0" data-testid="goal-chart">
      <Box as="figcaption" mb="1">
        <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
          {/* Without data the drawing's place already says "No data": the status is not said twice. */}
          {!(empty && chart.progress === 'no_data') && (
            <Badge variant="outline" colorPalette="gray" data-progress={chart.progress}>
              {status}
            </Badge>
          )}
          {cueMix && <Text color="fg.muted">{cueMix}</Text>}
        </Flex>
        {lines && (
          <Text fontSize="sm" color="fg.muted" data-testid="monitoring-lines">
            {lines}
          </Text>
        )}
      </Box>
      {empty ? (
        <Flex
          role="img"
          aria-label={description}
          height={`${GOAL_CHART_HEIGHT}px`}
          align="center"
          justify="center"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="md"
        >
          <Text color="fg.muted" aria-hidden>
            {labels ? labels.status('no_data') : 'No data'}
          </Text>
        </Flex>
      ) : (
        <Drawing chart={chart} width={width} labels={labels} monitoring={monitoring} description={description} />
      )}
    </Box>
  );
}

function Drawing({ chart, width, labels, monitoring, description }: { chart: GoalChart; width?: number; labels?: ReportFormatter; monitoring?: GoalMonitoring | null; description: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let instance: ReturnType<ECharts['init']> | undefined;
    let observer: ResizeObserver | undefined;
    const widthNow = () => width ?? (element.clientWidth || FALLBACK_WIDTH);

    loadECharts().then(
      ({ init }) => {
        if (disposed) return;
        instance = init(element, null, { renderer: 'svg', width: widthNow(), height: GOAL_CHART_HEIGHT });
        instance.setOption(goalChartOption(chart, labels && chartWords(labels), monitoring));
        setState('ready');
        if (width === undefined && typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => {
            const next = element.clientWidth;
            if (instance && next > 0 && next !== instance.getWidth()) instance.resize({ width: next, height: GOAL_CHART_HEIGHT });
          });
          observer.observe(element);
        }
      },
      () => {
        if (!disposed) setState('failed');
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [chart, width, labels, monitoring]);

  return (
    <Box position="relative" height={`${GOAL_CHART_HEIGHT}px`} bg="white" borderRadius="md" overflow="hidden">
      {/* The drawing's text (axis labels, "Criterion 80%") is not read; the name says it all. */}
      <Box ref={container} role="img" aria-label={description} width="100%" height="100%" data-testid="goal-chart-drawing" />
      {state === 'loading' && <Skeleton position="absolute" inset="0" aria-hidden />}
      {state === 'failed' && (
        <Flex position="absolute" inset="0" align="center" justify="center" p="2">
          <Text color="red.700" fontSize="sm">
            The chart could not be loaded. Check your connection and reload the page.
          </Text>
        </Flex>
      )}
    </Box>
  );
}
