import { Box, IconButton, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { BellIcon } from '../../components/icons.tsx';
import { NotificationList, unreadCount, useNotifications } from '../../features/notifications/index.ts';
import { useDismiss } from '../../lib/useDismiss.ts';

// date-fns and the list stay out of the first load; they arrive when the bell is first opened.
const ActivityList = lazy(() => import('./ActivityList.tsx'));

const PANEL_ID = 'notifications-panel';

/** The bell's accessible name: its unread count, when there is one. */
export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

/**
 * The header's bell (part 4 §8): the unread count of the user's notifications, and in a disclosure
 * panel the notifications, each a link to its screen, then the user's recent activity from the
 * audit log (a popover library would cost ~19 KB gzip of the first-load budget).
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = unreadCount(useNotifications().data);
  const close = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    // Escape returns focus to the bell; a click elsewhere keeps focus where the user clicked.
    if (reason === 'escape') button.current?.focus();
  }, []);
  useDismiss(open, close, container);

  return (
    <Box position="relative" ref={container}>
      <IconButton ref={button} aria-label={bellLabel(unread)} aria-expanded={open} aria-controls={PANEL_ID} variant="ghost" onClick={() => setOpen((current) => !current)}>
        <BellIcon />
        {unread > 0 && (
          // The count is in the button's name; the badge is its picture.
          <Box
            as="span"
            aria-hidden="true"
            position="absolute"
            top="1"
            right="1"
            minW="4"
            h="4"
            px="1"
            borderRadius="full"
            bg="red.700"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="16px"
            textAlign="center"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </IconButton>
      {open && (
        <Box
          id={PANEL_ID}
          role="region"
          aria-label="Notifications and recent activity"
          position="absolute"
          right="0"
          top="calc(100% + 0.5rem)"
          w="sm"
          maxW="calc(100vw - 2rem)"
          maxH="min(32rem, calc(100dvh - 6rem))"
          overflowY="auto"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          zIndex="popover"
          p="4"
        >
          <Text as="h2" fontWeight="semibold" mb="2">
            Notifications
          </Text>
          <NotificationList onFollow={() => setOpen(false)} />
          <Box role="region" aria-label="Recent activity" mt="4" pt="4" borderTopWidth="1px">
            <Text as="h2" fontWeight="semibold" mb="3">
              Recent activity
            </Text>
            <Suspense fallback={<Spinner size="sm" role="status" aria-label="Loading recent activity" />}>
              <ActivityList />
            </Suspense>
          </Box>
        </Box>
      )}
    </Box>
  );
}
