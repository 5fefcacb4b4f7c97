import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { formatPeriod, type ListedNote } from '../lib/notes.ts';
import { downloadNotePdf } from '../lib/print.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { NoteBadges } from './NoteBadges.tsx';

interface ViewNoteDialogProps {
  item: ListedNote | null;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** 'View Full Note': the note read-only, with Edit Note, Delete Note and Download PDF. */
export function ViewNoteDialog({ item, canEdit, canDelete, onClose, onEdit, onDelete }: ViewNoteDialogProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!item) return;
    setDownloading(true);
    try {
      await downloadNotePdf(item.note, item.clientName);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <DialogFrame
      open={item !== null}
      onClose={onClose}
      size="xl"
      readOnlyBodyLabel="Note text"
      title={item ? `Progress Note - ${item.clientName}` : 'Progress Note'}
      footer={
        <Flex gap="3" wrap="wrap" justify="flex-end" w="full">
          <Button variant="outline" onClick={download} loading={downloading} loadingText="Preparing PDF...">
            Download PDF
          </Button>
          {canDelete && (
            <Button variant="outline" colorPalette="red" onClick={onDelete}>
              Delete Note
            </Button>
          )}
          {canEdit && (
            <Button colorPalette="blue" onClick={onEdit}>
              Edit Note
            </Button>
          )}
        </Flex>
      }
    >
      {item && (
        <Stack gap="4">
          <Flex justify="space-between" gap="3" wrap="wrap" align="center">
            <Text color="fg.muted" fontSize="sm">
              Reporting period: {formatPeriod(item.note.reportingPeriodStart, item.note.reportingPeriodEnd)}
            </Text>
            <NoteBadges note={item.note} />
          </Flex>
          <RichTextView html={item.note.content} data-testid="full-note" />
        </Stack>
      )}
    </DialogFrame>
  );
}
