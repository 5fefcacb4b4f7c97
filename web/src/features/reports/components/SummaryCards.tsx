import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import type { Report } from '@caseload/contract/notes';
import { averageCoverage, percent } from '../lib/report.ts';

/** Total Sessions (with completed), Active Goals (with mastered), Success Rate (with whose data it covers), Clients. */
export function SummaryCards({ stats }: { stats: Report['overallStats'] }) {
  const cards = [
    { label: 'Total Sessions', value: String(stats.totalSessions), help: `${stats.completedSessions} completed` },
    { label: 'Active Goals', value: String(stats.activeGoals), help: `${stats.masteredGoals} mastered` },
    {
      label: 'Success Rate',
      // Clients without data are not at 0%: they are left out, and the caption says how many count.
      value: stats.successRate === null ? 'No data' : `${percent(stats.successRate)}%`,
      help: averageCoverage(stats.clientsWithData, stats.totalClients),
    },
    { label: 'Clients', value: String(stats.totalClients), help: `${stats.clientsWithData} with data in this period` },
  ];
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="6" listStyleType="none" aria-label="Summary">
      {cards.map((card) => (
        <Card.Root as="li" key={card.label}>
          <Card.Body>
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              {card.label}
            </Text>
            <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
              {card.value}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {card.help}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
