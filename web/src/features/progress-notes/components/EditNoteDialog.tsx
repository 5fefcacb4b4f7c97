import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useUpdateProgressNote } from '../api/progress-notes.ts';
import { formatPeriod, type ListedNote } from '../lib/notes.ts';

interface EditNoteDialogProps {
  item: ListedNote | null;
  onClose: () => void;
}

/** The edit dialog: the rich-text editor with Cancel and Save Changes (disabled while the text is empty); a delivered note only read. */
export function EditNoteDialog({ item, onClose }: EditNoteDialogProps) {
  return (
    <AppDialog open={item !== null} onClose={onClose} keepOpenOnOutsideClick size="xl" closeLabel="Close dialog" title={item ? `Edit Progress Note - ${item.clientName}` : 'Edit Progress Note'}>
      {item && (item.note.status === 'delivered' ? <DeliveredNote item={item} onClose={onClose} /> : <EditForm key={item.note.id} item={item} onClose={onClose} />)}
    </AppDialog>
  );
}

/** A delivered note's content is locked (the server refuses edits): the text, read-only, and why. */
function DeliveredNote({ item, onClose }: { item: ListedNote; onClose: () => void }) {
  return (
    <Stack gap="4" pb="2">
      <Text color="fg.muted" fontSize="sm">
        Reporting period: {formatPeriod(item.note.reportingPeriodStart, item.note.reportingPeriodEnd)}
      </Text>
      <Text role="status">This note was delivered; its content can no longer be changed.</Text>
      <RichTextView html={item.note.content} borderWidth="1px" borderRadius="md" p="3" />
      <Stack direction="row" justify="flex-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Stack>
  );
}

function EditForm({ item, onClose }: { item: ListedNote; onClose: () => void }) {
  const [content, setContent] = useState(item.note.content);
  const update = useUpdateProgressNote();
  const empty = plainText(content) === '';

  const save = () => {
    if (empty) return;
    update.mutate(
      { id: item.note.id, content },
      {
        onSuccess: () => {
          notify.success({ title: 'Progress note updated' });
          onClose();
        },
        onError: (error) => notify.error({ title: 'Failed to update progress note', description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Stack gap="4" pb="2">
      <Text color="fg.muted" fontSize="sm">
        Reporting period: {formatPeriod(item.note.reportingPeriodStart, item.note.reportingPeriodEnd)}
      </Text>
      <LazyRichTextEditor value={item.note.content} onChange={setContent} label="Progress note" minHeight="20rem" autoFocus />
      {empty && (
        <Text color="red.600" fontSize="sm">
          The note cannot be empty.
        </Text>
      )}
      <Stack direction="row" justify="flex-end" gap="3">
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button colorPalette="blue" onClick={save} disabled={empty || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </Stack>
    </Stack>
  );
}
