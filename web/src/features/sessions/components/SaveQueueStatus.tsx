import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { QueueEntry, QueueSnapshot } from '../../../lib/offline-queue.ts';
import { cachedNames } from '../api/sessions.ts';
import { personName } from '../lib/format.ts';
import { trialsQueue, useTrialsQueue, type TrialsSave } from '../lib/trials.ts';

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
  const pending = mine.length - refused.length;
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
      <AppDialog
        open={listOpen && refused.length > 0}
        onClose={() => setListOpen(false)}
        title="Changes not saved"
        description="The server refused these changes, so they are not sent again. Open the session to see what is saved, or discard them."
      >
        <Stack as="ul" gap="3" listStyleType="none">
          {refused.map((entry) => (
            <RefusedChange key={entry.id} entry={entry} onOpen={() => setListOpen(false)} onDiscard={() => void queue.discard(entry.id)} />
          ))}
        </Stack>
      </AppDialog>
    </Flex>
  );
}

function RefusedChange({ entry, onOpen, onDiscard }: { entry: QueueEntry<TrialsSave>; onOpen: () => void; onDiscard: () => void }) {
  const { sessionId, body } = entry.payload;
  const names = cachedNames(sessionId, body.clientId, body.goalId);
  const what = [names.client && personName(names.client), names.goal].filter(Boolean).join(' · ') || 'Trials of a session';
  const count = `${body.trials.length} ${body.trials.length === 1 ? 'trial' : 'trials'}`;
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="medium">
        {what} ({count})
      </Text>
      <Text fontSize="sm" color="red.600">
        {entry.refusal?.message}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`/sessions/${sessionId}?client=${body.clientId}`} onClick={onOpen}>
            Open session
          </RouterLink>
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDiscard}>
          Discard
        </Button>
      </Flex>
    </Stack>
  );
}
