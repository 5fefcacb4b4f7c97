import { Box, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../../components/QueryState.tsx';
import { useMarkRead, useNotifications } from '../api/notifications.ts';

/** When a notification came, as the reader's language writes a day (the list is in the first load: no date library). */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface NotificationListProps {
  /** Called after an item is followed (the panel closes). */
  onFollow?: () => void;
}

/** Each notification links to its screen; following one marks it read. Unread ones come first, in bold. */
export function NotificationList({ onFollow }: NotificationListProps) {
  const notifications = useNotifications();
  const markRead = useMarkRead();

  return (
    <QueryState
      query={notifications}
      loading="Loading notifications"
      placeholder={<Spinner size="sm" />}
      error="Could not load notifications."
      isEmpty={(list) => list.length === 0}
      empty="No notifications"
    >
      {(list) => (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Notifications">
          {list.map((n) => (
            <Box as="li" key={n.id}>
              <Link
                asChild
                display="block"
                minH="6"
                px="2"
                py="2"
                borderRadius="md"
                _hover={{ bg: 'gray.100' }}
                fontWeight={n.read ? 'normal' : 'semibold'}
                onClick={() => {
                  if (!n.read) markRead.mutate([n.id]);
                  onFollow?.();
                }}
              >
                <RouterLink to={n.link}>
                  <Text as="span" display="block" fontSize="sm">
                    {n.text}
                    {!n.read && <Box as="span" srOnly>{' (unread)'}</Box>}
                  </Text>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                    {dayFormat.format(new Date(n.createdAt))}
                  </Text>
                </RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
