import { Badge, Flex, Text } from '@chakra-ui/react';
import { monitoringStatusLabels, projectionText, type GoalMonitoring, type MonitoringStatus as Status } from '@caseload/contract/monitoring';

const palette: Record<Status, string> = { on_track: 'green', at_risk: 'orange', insufficient_data: 'gray' };

/**
 * A goal's progress monitoring beside it (spec part 4 §7): the status in words (the color only
 * repeats it), what it rests on, and with a trend its slope and projected date. A signal for the
 * clinician, never a decision.
 */
export function MonitoringStatus({ monitoring }: { monitoring: GoalMonitoring }) {
  const slope = monitoring.slopePerWeek;
  return (
    <Flex role="group" aria-label="Progress monitoring" direction="column" gap="0.5" mt="1" fontSize="sm" data-testid="goal-monitoring">
      <Flex gap="2" align="center" wrap="wrap">
        <Text as="span" fontWeight="medium">
          Progress:
        </Text>
        <Badge colorPalette={palette[monitoring.status]} variant="subtle" data-status={monitoring.status}>
          {monitoringStatusLabels[monitoring.status]}
        </Badge>
        <Text as="span" color="fg.muted">
          {monitoring.basis}
        </Text>
      </Flex>
      {slope !== null && (
        <Text color="fg.muted">
          Trend {slope > 0 ? '+' : ''}
          {slope} points a week · {projectionText(monitoring)}
        </Text>
      )}
    </Flex>
  );
}
