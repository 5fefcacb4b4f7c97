import { Button, Flex, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { changesOf, type QueueSnapshot } from '../../../lib/offline-queue.ts';
import { trialsQueue, useTrialsQueue, type TrialsSave } from '../lib/trials.ts';

const RefusedChangesDialog = lazy(() => import('./RefusedChangesDialog.tsx'));

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/** The header's words for the queue: only true ones ("All changes saved" once something was saved and nothing waits). */
function statusText({ blocked, savedSinceLoad }: QueueSnapshot<TrialsSave>, pending: number, refused: number): string {
  if (pending > 0) {
    if (blocked === 'offline') return `Offline – ${changes(pending)} not yet saved`;
    if (blocked === 'server') return `Server unavailable – ${changes(pending)} not yet saved`;
    if (blocked === 'signed-out') return `Sign in again to save ${changes(pending)}`;
    return 'Saving...';
  }
  return refused === 0 && savedSinceLoad ? 'All changes saved' : '';
}

/**
 * The app header's save status of live-scored trials, and the queue's start: it is mounted while
 * someone is signed in, so their changes left on the device by an earlier page are sent from any
 * page. Refused changes are listed with the server's message and can be discarded.
 */
export function SaveQueueStatus() {
  const owner = useCurrentUser().data?.id;
  const queue = trialsQueue();
  const snapshot = useTrialsQueue();
  const [listOpen, setListOpen] = useState(false);

  useEffect(() => {
    if (!owner) return;
    queue.start(owner);
    return () => queue.stop();
  }, [queue, owner]);

  const mine = snapshot.entries.filter((entry) => entry.owner === owner);
  const refused = mine.filter((entry) => entry.refusal);
  // Taps, not rows: each entry carries the changes it folded in.
  const pending = mine.filter((entry) => !entry.refusal).reduce((sum, entry) => sum + changesOf(entry), 0);
  const text = statusText(snapshot, pending, refused.length);

  return (
    <Flex align="center" gap="2" minW="0">
      <Text
        role="status"
        fontSize="xs"
        lineHeight="short"
        textAlign="end"
        maxW={{ base: '36', md: 'none' }}
        color={snapshot.blocked && pending > 0 ? 'orange.700' : 'fg.muted'}
      >
        {text}
      </Text>
      {refused.length > 0 && (
        <Button size="xs" colorPalette="red" variant="subtle" onClick={() => setListOpen(true)}>
          {changes(refused.length)} not saved
        </Button>
      )}
      {listOpen && refused.length > 0 && (
        // The list is rare: its dialog loads when opened, keeping the header (first load) small.
        <Suspense fallback={null}>
          <RefusedChangesDialog refused={refused} onClose={() => setListOpen(false)} onDiscard={(id) => void queue.discard(id)} />
        </Suspense>
      )}
    </Flex>
  );
}
