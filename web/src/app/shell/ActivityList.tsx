import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { useMyActivities } from '../../features/activities/api/activities.ts';

/** The signed-in user's recent activity; loaded with its own chunk when the bell is first opened. */
export default function ActivityList() {
  const activities = useMyActivities();

  if (activities.isPending) return <Spinner size="sm" role="status" aria-label="Loading recent activity" />;
  if (activities.isError) return <Text color="red.600">Could not load recent activity.</Text>;
  if (activities.data.length === 0) return <Text color="fg.muted">No recent activity</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {activities.data.map((activity) => (
        <Box as="li" key={activity.id}>
          <Text fontSize="sm">{activity.summary}</Text>
          <Text fontSize="xs" color="fg.muted">
            {activity.actorName} · {formatDistanceToNow(new Date(activity.at), { addSuffix: true })}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
