import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog } from '../../../components/AppDialog.tsx';
import type { QueueEntry } from '../../../lib/offline-queue.ts';
import { cachedNames } from '../api/sessions.ts';
import { personName } from '../lib/format.ts';
import type { TrialsSave } from '../lib/trials.ts';

interface RefusedChangesDialogProps {
  refused: readonly QueueEntry<TrialsSave>[];
  onClose: () => void;
  onDiscard: (id: number) => void;
}

/** The header's list of changes the server refused: what each was, the server's message, the session, Discard. */
export default function RefusedChangesDialog({ refused, onClose, onDiscard }: RefusedChangesDialogProps) {
  return (
    <AppDialog
      open
      onClose={onClose}
      title="Changes not saved"
      description="The server refused these changes, so they are not sent again. Open the session to see what is saved, or discard them."
    >
      <Stack as="ul" gap="3" listStyleType="none">
        {refused.map((entry) => (
          <RefusedChange key={entry.id} entry={entry} onOpen={onClose} onDiscard={() => onDiscard(entry.id)} />
        ))}
      </Stack>
    </AppDialog>
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
