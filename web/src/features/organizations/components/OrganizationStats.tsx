import { Flex, Grid, Text } from '@chakra-ui/react';
import type { Organization } from '@caseload/contract/caseload';

/** The three numbers of an organization card, from the server's counters. */
export function OrganizationStats({ stats }: { stats: Organization['stats'] }) {
  // 'This Month' (the spec's label) counts sessions: a visible caption says so, not only a hover title.
  const items = [
    { label: 'Active Clients', value: stats.activeClients },
    { label: 'This Month', value: stats.sessionsThisMonth, caption: 'sessions' },
    { label: 'Active Goals', value: stats.activeGoals },
  ];
  return (
    <Grid as="dl" templateColumns="repeat(3, 1fr)" gap="2" borderTopWidth="1px" pt="3">
      {items.map((item) => (
        // Read as "This Month: 12, sessions" (dt, then the number, then what it counts), drawn with the number on top.
        <Flex key={item.label} direction="column" justify="flex-start" align="center" textAlign="center">
          <Text as="dt" order={2} fontSize="xs" color="fg.muted" lineHeight="short">
            {item.label}
          </Text>
          <Text as="dd" order={1} fontSize="xl" fontWeight="bold">
            {item.value}
          </Text>
          {item.caption && (
            <Text as="dd" order={3} fontSize="xs" color="fg.muted" lineHeight="short">
              {item.caption}
            </Text>
          )}
        </Flex>
      ))}
    </Grid>
  );
}
