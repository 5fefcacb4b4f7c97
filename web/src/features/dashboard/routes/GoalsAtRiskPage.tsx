import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ScopeSwitch } from '../../../components/ScopeSwitch.tsx';
import { useCaseloadScope } from '../../../lib/caseload-scope.ts';
import { useGoalsAtRisk } from '../api/dashboard.ts';

/**
 * Where the dashboard's 'Goals at risk' leads (spec part 4 §7): the students it counts, in the
 * same scope, each linking to the student's goals, where each goal's status says what it rests on.
 */
export default function GoalsAtRiskPage() {
  const caseload = useCaseloadScope('assignedTo');
  const assignedTo = caseload.scope === undefined ? undefined : caseload.scope === 'mine' ? 'me' : 'all';
  const students = useGoalsAtRisk(assignedTo);
  return (
    <>
      <PageHeading
        title="Goals at risk"
        subtitle="Goals whose trend is below the aim line. The status is a signal for the clinician, never a decision."
        actions={<ScopeSwitch scope={caseload.scope} onChange={caseload.setScope} />}
      />
      <QueryState
        query={students}
        loading="Loading goals at risk"
        error="Could not load the goals at risk."
        retry
        isEmpty={(list) => list.length === 0}
        empty="No goals at risk."
      >
        {(list) => (
          <Stack as="ul" gap="2" listStyleType="none" maxW="2xl">
            {list.map((s) => (
              <Box as="li" key={s.clientId} borderWidth="1px" borderRadius="md" bg="white" px="4" py="3">
                <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
                  <Link asChild fontWeight="medium" color="blue.700">
                    <RouterLink to={`/clients/${s.clientId}`}>{s.clientName}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {s.goalsAtRisk} {s.goalsAtRisk === 1 ? 'goal' : 'goals'} at risk
                  </Text>
                </Flex>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
