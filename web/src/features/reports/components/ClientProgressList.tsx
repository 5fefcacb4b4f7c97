import { Badge, Box, Button, Card, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { goalTypeLabels } from '@caseload/contract/enums';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { GOALS_SHOWN, goalStatusLabel, percent, sortBySuccess, successBadgeProps, successVariant, type ClientProgress } from '../lib/report.ts';
import { useClientGoals } from '../../goals/index.ts';
import { GoalChartFigure } from './GoalChartFigure.tsx';

/**
 * 'Client Progress Details': clients by success rate, badge at 80/60, a bar, up to 4 goals. Each
 * client's goal figures (spec part 3 §6) show when its row is expanded ("Show charts"), so a
 * district's report does not draw hundreds of charts at once; `showCharts` shows them for every
 * row (the report filtered to one client).
 */
export function ClientProgressList({ clients, showCharts = false }: { clients: readonly ClientProgress[]; showCharts?: boolean }) {
  const sorted = sortBySuccess(clients);
  return (
    <Card.Root as="section" aria-labelledby="client-progress-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="client-progress-heading">
          Client Progress Details
        </Heading>
      </Card.Header>
      <Card.Body>
        {sorted.length === 0 ? (
          <Text color="fg.muted">No progress data for this period and these filters.</Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none">
            {sorted.map((client) => (
              <ClientRow key={client.clientId} client={client} alwaysShowCharts={showCharts} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ClientRow({ client, alwaysShowCharts }: { client: ClientProgress; alwaysShowCharts: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const goalsId = useId();
  const charts = alwaysShowCharts || expanded;
  // With its charts, a row shows every goal: each one's figure is what the reader came for.
  const goals = charts ? client.goals : client.goals.slice(0, GOALS_SHOWN);
  const hidden = client.goals.length - goals.length;
  // The trend and aim line are the goal read's (part 4 §7: over all the goal's sessions, not only the period's), read once the figures show.
  const goalReads = useClientGoals(client.clientId, charts);
  const monitoringOf = (goalId: string) => goalReads.data?.find((g) => g.id === goalId)?.monitoring;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" data-testid="client-progress">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="2">
        <Box>
          <Heading as="h3" size="md">
            {client.clientName}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {client.goalCount} goal{client.goalCount === 1 ? '' : 's'} · {client.sessionsCount} session{client.sessionsCount === 1 ? '' : 's'}
          </Text>
        </Box>
        {client.progressRate === null ? <NoDataBadge /> : <SuccessBadge rate={client.progressRate} />}
      </Flex>
      {client.progressRate !== null && <SuccessBar name={client.clientName} rate={client.progressRate} />}
      {client.goals.length > 0 && (
        <Stack as="ul" id={goalsId} gap={charts ? '4' : '1'} listStyleType="none" fontSize="sm">
          {goals.map((goal) => (
            <Box as="li" key={goal.id}>
              <Flex gap="2" align="baseline" wrap="wrap" mb={charts ? '2' : '0'}>
                <Badge variant="outline" colorPalette="purple" flexShrink={0}>
                  {goalTypeLabels[goal.type] ?? goal.type}
                </Badge>
                {/* Whole, never clamped (a clamp cut the goal mid-sentence); at least 12rem wide, so on a phone it takes a line of its own rather than a sliver beside the badge. */}
                <Text flex="1 1 12rem" minW="0">
                  {plainText(goal.description)}
                </Text>
                <Text color="fg.muted" flexShrink={0}>
                  {goalStatusLabel(goal.status)} · {goal.successRate === null ? 'No data' : `${percent(goal.successRate)}%`}
                </Text>
              </Flex>
              {charts && <GoalChartFigure chart={goal.chart} monitoring={monitoringOf(goal.id)} />}
            </Box>
          ))}
          {hidden > 0 && (
            <Text as="li" color="fg.muted">
              +{hidden} more goals
            </Text>
          )}
        </Stack>
      )}
      {client.goals.length > 0 && !alwaysShowCharts && (
        <Button size="sm" variant="outline" mt="3" minH="6" minW="6" aria-expanded={expanded} aria-controls={goalsId} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Hide charts' : 'Show charts'}
        </Button>
      )}
    </Box>
  );
}

function SuccessBadge({ rate }: { rate: number }) {
  const variant = successVariant(rate);
  return (
    <Badge size="lg" {...successBadgeProps[variant]} data-variant={variant}>
      {percent(rate)}% success
    </Badge>
  );
}

/** A client without data in the period is neither failing nor succeeding: a neutral badge, no bar. */
function NoDataBadge() {
  return (
    <Badge size="lg" variant="outline" colorPalette="gray">
      No data
    </Badge>
  );
}

function SuccessBar({ name, rate }: { name: string; rate: number }) {
  const variant = successVariant(rate);
  return (
    <Progress.Root value={percent(rate)} max={100} colorPalette={variant === 'destructive' ? 'red' : variant === 'secondary' ? 'gray' : 'blue'} size="sm" mb="3">
      <Progress.Track aria-label={`${name} success rate`} aria-valuetext={`${percent(rate)}%`}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
