import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import type { Report } from '@caseload/contract/notes';
import { percent } from '../lib/report.ts';

/** Spec §2: Total Sessions (with completed), Active Goals (with mastered), Success Rate, Clients. */
export function SummaryCards({ stats }: { stats: Report['overallStats'] }) {
  const cards = [
    { label: 'Total Sessions', value: String(stats.totalSessions), help: `${stats.completedSessions} completed` },
    { label: 'Active Goals', value: String(stats.activeGoals), help: `${stats.masteredGoals} mastered` },
    { label: 'Success Rate', value: `${percent(stats.successRate)}%`, help: 'Successful of all recorded attempts' },
    { label: 'Clients', value: String(stats.totalClients), help: 'With data in this period' },
  ];
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="6" listStyleType="none" aria-label="Summary">
      {cards.map((card) => (
        <Card.Root as="li" key={card.label}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{card.label}</Stat.Label>
              <Stat.ValueText fontSize="3xl">{card.value}</Stat.ValueText>
              <Stat.HelpText color="fg.muted">{card.help}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
