import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor.tsx';
import { plainText } from '../../../components/rich-text/plain-text.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useUpdateProgressNote } from '../api/progress-notes.ts';
import { formatPeriod, type ListedNote } from '../lib/notes.ts';

interface EditNoteDialogProps {
  item: ListedNote | null;
  onClose: () => void;
}

/** The edit dialog: the rich-text editor with Cancel and Save Changes (disabled while the text is empty). */
export function EditNoteDialog({ item, onClose }: EditNoteDialogProps) {
  return (
    <AppDialog open={item !== null} onClose={onClose} keepOpenOnOutsideClick size="xl" closeLabel="Close dialog" title={item ? `Edit Progress Note - ${item.clientName}` : 'Edit Progress Note'}>
      {item && <EditForm key={item.note.id} item={item} onClose={onClose} />}
    </AppDialog>
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
