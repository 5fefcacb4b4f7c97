import { Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { NEWER_SCORES_KEPT } from '@caseload/contract/trials';
import { trialsQueue, useSupersededTrials } from '../lib/trials.ts';

/**
 * One goal's trials against the queue, as the text shown: '' (nothing waiting), 'Saving...', 'Not
 * saved yet' (waiting for the network) or the server's refusal. A string, so a tap on another goal
 * (a new queue snapshot) does not re-render this row.
 */
function useSaveText(key: string): { text: string; refused: boolean } {
  const queue = trialsQueue();
  const text = useSyncExternalStore(queue.subscribe, () => {
    const { entries, blocked, owner } = queue.getSnapshot();
    const entry = entries.find((e) => e.key === key && e.owner === owner);
    if (!entry) return '';
    if (entry.refusal) return `Not saved: ${entry.refusal.message}`;
    return blocked ? 'Not saved yet' : 'Saving...';
  });
  return { text, refused: text.startsWith('Not saved:') };
}

/**
 * Beside a goal's trials: whether its last taps are saved, or that newer scores from another device
 * replaced them; announced politely.
 */
export function TrialsSaveState({ trialsKey, label }: { trialsKey: string; label: string }) {
  const saving = useSaveText(trialsKey);
  const replaced = useSupersededTrials(trialsKey);
  const { text, refused } = !saving.text && replaced ? { text: NEWER_SCORES_KEPT, refused: false } : saving;
  return (
    <Text
      as="span"
      role="status"
      aria-label={text ? `Trials for ${label}: ${text}` : undefined}
      fontSize="sm"
      color={refused ? 'red.600' : text === 'Not saved yet' ? 'orange.700' : 'fg.muted'}
      minH="5"
    >
      {text}
    </Text>
  );
}
