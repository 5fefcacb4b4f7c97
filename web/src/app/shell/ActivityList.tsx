import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { QueryState } from '../../components/QueryState.tsx';
import { useMyActivities } from '../../features/activities/index.ts';

/** The signed-in user's recent activity; loaded with its own chunk when the bell is first opened. */
export default function ActivityList() {
  const activities = useMyActivities();

  return (
    <QueryState
      query={activities}
      loading="Loading recent activity"
      placeholder={<Spinner size="sm" />}
      error="Could not load recent activity."
      isEmpty={(list) => list.length === 0}
      empty="No recent activity"
    >
      {(list) => (
        <Stack as="ul" gap="3" listStyleType="none">
          {list.map((activity) => (
            <Box as="li" key={activity.id}>
              <Text fontSize="sm">{activity.summary}</Text>
              <Text fontSize="xs" color="fg.muted">
                {activity.actorName} · {formatDistanceToNow(new Date(activity.at), { addSuffix: true })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
