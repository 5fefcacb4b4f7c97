import { Box, Flex, Text } from '@chakra-ui/react';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { sanitizeHtml } from '../../goals/index.ts';
import { saveSessionNote } from '../api/sessions.ts';
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
}

/** One client's session notes: rich text, saved 1 s after the last change when not blank. */
export function SessionNotesEditor({ sessionId, clientId, clientLabel, stored, canEdit }: SessionNotesEditorProps) {
  const autosave = useAutosave<string>(`notes:${sessionId}:${clientId}`, {
    delay: NOTES_DELAY,
    canSave: (html) => plainText(html) !== '',
    save: (html, { keepalive }) => saveSessionNote(sessionId, clientId, html, keepalive),
    onError: (error, { first }) => {
      if (first) notify.error({ title: 'Failed to save notes', description: errorMessage(error, 'Your notes are kept on this page and will be saved again shortly.') });
    },
  });
  // Text typed earlier that the server has not confirmed yet wins over the stored copy.
  const initial = autosave.unsavedValue ?? stored;
  const label = `Session notes for ${clientLabel}`;

  return (
    <Box>
      <Flex justify="space-between" align="baseline" gap="3" mb="1">
        <Text fontWeight="medium">Session Notes</Text>
        <SaveIndicator status={autosave.status} label={label} />
      </Flex>
      {canEdit ? (
        <>
          <LazyRichTextEditor value={initial} onChange={autosave.change} label={label} minHeight="8rem" />
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
