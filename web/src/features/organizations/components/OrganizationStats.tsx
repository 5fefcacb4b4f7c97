import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';

/** The three numbers of an organization card (spec part 2 §2), from the server's counters. */
export function OrganizationStats({ stats }: { stats: Organization['stats'] }) {
  const items = [
    { label: 'Active Clients', value: stats.activeClients },
    { label: 'This Month', value: stats.sessionsThisMonth, hint: 'Sessions this month' },
    { label: 'Active Goals', value: stats.activeGoals },
  ];
  return (
    <SimpleGrid columns={3} gap="2" borderTopWidth="1px" pt="3">
      {items.map((item) => (
        // Label first for screen readers (dt before dd); shown under the number.
        <Stat.Root key={item.label} size="sm" title={item.hint} flexDirection="column-reverse" alignItems="center">
          <Stat.Label>{item.label}</Stat.Label>
          <Stat.ValueText>{item.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
