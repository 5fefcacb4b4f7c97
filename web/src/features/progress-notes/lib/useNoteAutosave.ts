import { useCallback, useEffect, useRef, useState } from 'react';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useUpdateProgressNote } from '../api/progress-notes.ts';

/** Spec §9: notes save 1 s after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error' };

/**
 * Saves a note's content a second after the last change (PATCH), one request at a time so an
 * older save never lands after a newer one. A pending change is saved when the editor goes away.
 */
export function useNoteAutosave(noteId: string | undefined, initial: SaveState = { kind: 'idle' }) {
  const { mutateAsync } = useUpdateProgressNote();
  const saveRef = useRef(mutateAsync);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [state, setState] = useState<SaveState>(initial);

  useEffect(() => {
    saveRef.current = mutateAsync;
  }, [mutateAsync]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const content = pending.current;
    pending.current = null;
    // The server refuses an empty note; keep the last saved text rather than fail.
    if (!noteId || content === null || !plainText(content)) return;
    setState({ kind: 'saving' });
    queue.current = queue.current.then(() =>
      saveRef.current({ id: noteId, content }).then(
        () => setState(pending.current === null ? { kind: 'saved', at: new Date() } : { kind: 'saving' }),
        (error: unknown) => {
          setState({ kind: 'error' });
          notify.error({ title: 'Failed to update progress note', description: errorMessage(error, 'Your latest changes were not saved.') });
        },
      ),
    );
  }, [noteId]);

  const change = useCallback(
    (content: string) => {
      pending.current = content;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => flush, [flush]);

  return { state, change, flush };
}
