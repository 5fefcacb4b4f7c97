import { Box, Flex, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { sanitizeHtml } from '../../goals/index.ts';
import { saveSessionNote } from '../api/sessions.ts';
import { isSignedRefusal, notesSaveKey } from '../lib/signing.ts';
import { useAutosave } from '../lib/useAutosave.ts';
import { SaveIndicator } from './SaveIndicator.tsx';

export const NOTES_DELAY = 1000;

interface SessionNotesEditorProps {
  sessionId: string;
  clientId: string;
  clientLabel: string;
  /** The stored notes (HTML). */
  stored: string;
  canEdit: boolean;
  /** The note is signed: it shows as stored, read-only. */
  signed: boolean;
  /** A save was refused because the note was signed elsewhere; receives the unsaved text (plain). */
  onSignedElsewhere: (unsavedText: string) => void;
}

/** One client's session notes: rich text, saved 1 s after the last change when not blank; read-only once signed. */
export function SessionNotesEditor({ sessionId, clientId, clientLabel, stored, canEdit, signed, onSignedElsewhere }: SessionNotesEditorProps) {
  const autosave = useAutosave<string>(notesSaveKey(sessionId, clientId), {
    delay: NOTES_DELAY,
    canSave: (html) => plainText(html) !== '',
    save: (html, { keepalive }) => saveSessionNote(sessionId, clientId, html, keepalive),
    onError: (error, { first }) => {
      if (isSignedRefusal(error)) {
        // Repeating can never succeed: drop the value (no retry, no 'unsaved' prompt) and hand its text over.
        autosave.discard();
        onSignedElsewhere(plainText(typed.current));
        return;
      }
      if (first) notify.error({ title: 'Failed to save notes', description: errorMessage(error, 'Your notes are kept on this page and will be saved again shortly.') });
    },
  });
  // Text typed earlier that the server has not confirmed yet wins over the stored copy; a signed note shows what was signed.
  const initial = signed ? stored : (autosave.unsavedValue ?? stored);
  const label = `Session notes for ${clientLabel}`;
  const typed = useRef(initial);
  const change = (html: string) => {
    typed.current = html;
    autosave.change(html);
  };

  return (
    <Box>
      <Flex justify="space-between" align="baseline" gap="3" mb="1">
        <Text fontWeight="medium">Session Notes</Text>
        <SaveIndicator status={autosave.status} label={label} />
      </Flex>
      {canEdit && !signed ? (
        <>
          <LazyRichTextEditor value={initial} onChange={change} label={label} minHeight="8rem" />
          <Text fontSize="xs" color="fg.muted" mt="1">
            Notes are saved automatically as you type.
          </Text>
        </>
      ) : initial ? (
        <RichTextView html={sanitizeHtml(initial)} borderWidth="1px" borderRadius="md" p="3" />
      ) : (
        <Text color="fg.muted" fontSize="sm">
          No notes for this client.
        </Text>
      )}
    </Box>
  );
}
