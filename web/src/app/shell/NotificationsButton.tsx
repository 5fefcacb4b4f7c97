import { Box, IconButton, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { BellIcon } from '../../components/icons.tsx';
import { useDismiss } from '../../lib/useDismiss.ts';

// date-fns and the list stay out of the first load; they arrive when the bell is first opened.
const ActivityList = lazy(() => import('./ActivityList.tsx'));

const PANEL_ID = 'notifications-panel';

/**
 * The header's bell: the signed-in user's recent activity from the audit log, in a disclosure
 * panel (a popover library would cost ~19 KB gzip of the first-load budget).
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    // Escape returns focus to the bell; a click elsewhere keeps focus where the user clicked.
    if (reason === 'escape') button.current?.focus();
  }, []);
  useDismiss(open, close, container);

  return (
    <Box position="relative" ref={container}>
      <IconButton
        ref={button}
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        variant="ghost"
        onClick={() => setOpen((current) => !current)}
      >
        <BellIcon />
      </IconButton>
      {open && (
        <Box
          id={PANEL_ID}
          role="region"
          aria-label="Recent activity"
          position="absolute"
          right="0"
          top="calc(100% + 0.5rem)"
          w="sm"
          maxW="calc(100vw - 2rem)"
          maxH="80"
          overflowY="auto"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          zIndex="popover"
          p="4"
        >
          <Text fontWeight="semibold" mb="3">
            Recent activity
          </Text>
          <Suspense fallback={<Spinner size="sm" role="status" aria-label="Loading recent activity" />}>
            <ActivityList />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
