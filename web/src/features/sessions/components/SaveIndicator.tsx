import { Text } from '@chakra-ui/react';
import type { AutosaveStatus } from '../lib/autosave.ts';

const texts: Record<AutosaveStatus, string> = { idle: '', saving: 'Saving...', saved: 'Saved', error: 'Error saving' };
const colours: Record<AutosaveStatus, string> = { idle: 'fg.muted', saving: 'fg.muted', saved: 'green.700', error: 'red.600' };

/** The per-field 'Saving...' / 'Saved' / 'Error saving' text, announced politely to screen readers. */
export function SaveIndicator({ status, label }: { status: AutosaveStatus; label: string }) {
  return (
    <Text as="span" role="status" aria-label={status === 'idle' ? undefined : `${label}: ${texts[status]}`} fontSize="sm" color={colours[status]} minH="5">
      {texts[status]}
    </Text>
  );
}
