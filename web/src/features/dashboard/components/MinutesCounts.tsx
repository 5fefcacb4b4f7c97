import { Box, Card, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { MinutesSummary } from '@caseload/contract/school-year';
import { QueryState } from '../../../components/QueryState.tsx';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { useMinutesSummary } from '../api/dashboard.ts';
import { CountCardLink } from './CountCardLink.tsx';

interface Count {
  label: string;
  value: (summary: MinutesSummary) => number;
  to: string;
  color: string;
}

/** Each count opens the minutes page filtered or sorted to the students it counts. */
const counts: Count[] = [
  { label: 'Behind on minutes', value: (s) => s.behindOnMinutes, to: '/minutes?behind=1', color: 'red' },
  { label: 'IEP reviews due in 30 days', value: (s) => s.reviewsDueIn30Days, to: '/minutes?sort=review', color: 'orange' },
  { label: 'Re-evaluations due in 60 days', value: (s) => s.reevaluationsDueIn60Days, to: '/minutes?sort=evaluation', color: 'purple' },
];

const COUNTS_FAILED = 'Could not load the service-minutes counts.';

/** The service-minutes counts of the caseload the dashboard shows. */
export function MinutesCounts({ assignedTo }: { assignedTo: 'me' | 'all' | undefined }) {
  const summary = useMinutesSummary(assignedTo);
  return (
    <Box as="section" aria-labelledby="minutes-counts-heading" mb="8">
      <Heading as="h2" size="md" mb="3" id="minutes-counts-heading">
        Service minutes
      </Heading>
      <QueryState
        query={summary}
        loading="Loading the service-minutes counts"
        placeholder={
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="24" borderRadius="lg" />
            ))}
          </SimpleGrid>
        }
        // A district-wide list over the limit answers 400 with what to do instead; say it.
        error={isApiError(summary.error, 400) ? errorMessage(summary.error, COUNTS_FAILED) : COUNTS_FAILED}
        retry
      >
        {(data) => (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
            {counts.map(({ label, value, to, color }) => (
              <li key={label}>
                <Card.Root position="relative" height="full" borderLeftWidth="4px" borderLeftColor={`${color}.500`} _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
                  <Card.Body>
                    <CountCardLink to={to} label={label} />
                    <Text fontSize="3xl" fontWeight="bold" data-testid="minutes-count-value">
                      {value(data)}
                    </Text>
                  </Card.Body>
                </Card.Root>
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Box>
  );
}
