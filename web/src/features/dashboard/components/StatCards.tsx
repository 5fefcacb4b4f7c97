import { Box, Card, Flex, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import type { DashboardStats } from '@caseload/contract/caseload';
import { ActivityIcon, CalendarIcon, CheckCircleIcon, TargetIcon, UsersIcon } from '../../../components/icons.tsx';
import { trendCaptions } from '../lib/dashboard.ts';
import { CountCardLink } from './CountCardLink.tsx';

interface StatCard {
  label: string;
  value: string;
  caption: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
}

function cards(stats: DashboardStats | undefined): StatCard[] {
  const n = (value: number | undefined) => value ?? 0;
  const completion = stats?.completionRate ?? null;
  const captions = trendCaptions(stats?.trends, n(stats?.weekSessions), completion);
  return [
    { label: 'Total Clients', value: String(n(stats?.totalClients)), caption: captions.totalClients, to: '/clients', icon: UsersIcon, color: 'blue' },
    { label: "This Week's Sessions", value: String(n(stats?.weekSessions)), caption: captions.weekSessions, to: '/sessions', icon: CalendarIcon, color: 'green' },
    { label: 'Active Goals', value: String(n(stats?.activeGoals)), caption: captions.activeGoals, to: '/clients', icon: TargetIcon, color: 'purple' },
    { label: 'Completion Rate', value: completion === null ? '–' : `${completion}%`, caption: captions.completionRate, to: '/clients', icon: CheckCircleIcon, color: 'orange' },
    // Part 4 §7: trend below the aim line; a signal for the clinician, never a decision.
    { label: 'Goals at risk', value: String(n(stats?.goalsAtRisk)), caption: 'A signal to review, never a decision', to: '/goals-at-risk', icon: ActivityIcon, color: 'red' },
  ];
}

/** Five clickable cards; five placeholders while the numbers load. */
export function StatCards({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  if (loading) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 5 }} gap="6" mb="8" role="status" aria-label="Loading statistics">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height="32" borderRadius="lg" data-testid="stat-placeholder" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, '2xl': 5 }} gap="6" mb="8">
      {cards(stats).map(({ label, value, caption, to, icon: Icon, color }) => (
        <li key={label}>
          <Card.Root position="relative" height="full" _hover={{ shadow: 'md', borderColor: `${color}.300` }} transition="box-shadow 0.15s">
            <Card.Body>
              <Flex justify="space-between" align="flex-start" gap="3">
                <Box>
                  <CountCardLink to={to} label={label} />
                  <Text fontSize="3xl" fontWeight="bold" data-testid="stat-value">
                    {value}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {caption}
                  </Text>
                </Box>
                <Flex bg={`${color}.100`} color={`${color}.700`} p="2.5" borderRadius="lg" aria-hidden="true">
                  <Icon size={22} />
                </Flex>
              </Flex>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </SimpleGrid>
  );
}
