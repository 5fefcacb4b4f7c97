import { Flex, Grid, Text } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';

/** The three numbers of an organization card, from the server's counters. */
export function OrganizationStats({ stats }: { stats: Organization['stats'] }) {
  const items = [
    { label: 'Active Clients', value: stats.activeClients },
    { label: 'This Month', value: stats.sessionsThisMonth, hint: 'Sessions this month' },
    { label: 'Active Goals', value: stats.activeGoals },
  ];
  return (
    <Grid as="dl" templateColumns="repeat(3, 1fr)" gap="2" borderTopWidth="1px" pt="3">
      {items.map((item) => (
        // Label first for screen readers (dt before dd), drawn under the number; numbers line up on top.
        <Flex key={item.label} direction="column-reverse" justify="flex-end" align="center" textAlign="center" title={item.hint}>
          <Text as="dt" fontSize="xs" color="fg.muted" lineHeight="short">
            {item.label}
          </Text>
          <Text as="dd" fontSize="xl" fontWeight="bold">
            {item.value}
          </Text>
        </Flex>
      ))}
    </Grid>
  );
}
