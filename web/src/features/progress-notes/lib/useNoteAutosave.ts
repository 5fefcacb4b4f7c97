import { useState } from 'react';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useAutosave } from '../../sessions/index.ts';
import { saveNoteContent } from '../api/progress-notes.ts';

/** Notes save 1 s after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error' };

/**
 * Saves a note's content a second after the last change (PATCH), through the app's autosaver:
 * saves never overlap, failures retry with backoff, and a waiting change is sent when the dialog
 * closes or the page goes away. The state keeps the time of the last save for 'Saved at HH:mm:ss'.
 */
export function useNoteAutosave(noteId: string, savedAt: Date | null = null) {
  const [lastSaved, setLastSaved] = useState<Date | null>(savedAt);
  const autosave = useAutosave<string>(`progress-note:${noteId}`, {
    delay: AUTOSAVE_DELAY_MS,
    // The server refuses an empty note; the last saved text stays until there is text again.
    canSave: (content) => plainText(content) !== '',
    save: (content, { keepalive }) => saveNoteContent(noteId, content, keepalive),
    onSaved: () => setLastSaved(new Date()),
    onError: (error, { first }) => {
      if (first) notify.error({ title: 'Failed to update progress note', description: errorMessage(error, 'Your latest changes were not saved.') });
    },
  });

  const state: SaveState =
    autosave.status === 'saving'
      ? { kind: 'saving' }
      : autosave.status === 'error'
        ? { kind: 'error' }
        : lastSaved
          ? { kind: 'saved', at: lastSaved }
          : { kind: 'idle' };
  return { state, change: autosave.change, flush: autosave.flush, unsavedValue: autosave.unsavedValue };
}
