import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useMarkNoteDelivered } from '../api/progress-notes.ts';
import { formatPeriod, type ListedNote } from '../lib/notes.ts';
import { downloadNotePdf } from '../lib/print.ts';
import { FamilySharesSection } from '../../families/index.ts';
import { NoteBadges } from './NoteBadges.tsx';

interface ViewNoteDialogProps {
  item: ListedNote | null;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onExitComplete?: () => void;
}

/** 'View Full Note': the note read-only, with Edit Note, Mark as Delivered and Delete Note (until it is delivered) and Download PDF. */
export function ViewNoteDialog({ item, canEdit, canDelete, onClose, onEdit, onDelete, onExitComplete }: ViewNoteDialogProps) {
  const [downloading, setDownloading] = useState(false);
  // Keeps showing the note while the dialog animates out (item is already null then).
  const [lastItem, setLastItem] = useState(item);
  if (item !== null && item !== lastItem) setLastItem(item);
  const shown = item ?? lastItem;
  const deliver = useMarkNoteDelivered();
  const delivered = shown?.note.status === 'delivered';
  // Delivering cannot be undone: it asks first and says what it locks.
  const [confirmingDelivery, setConfirmingDelivery] = useState(false);
  const markDelivered = () => {
    if (!shown) return;
    deliver.mutate(shown.note.id, {
      onSuccess: () => notify.success({ title: 'Progress note marked as delivered' }),
      onError: (error) => notify.error({ title: 'Failed to mark the progress note as delivered', description: errorMessage(error, 'Please try again.') }),
      onSettled: () => setConfirmingDelivery(false),
    });
  };
  const download = async () => {
    if (!shown) return;
    setDownloading(true);
    try {
      await downloadNotePdf(shown.note, shown.clientName);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AppDialog
      open={item !== null}
      closeLabel="Close dialog"
      onClose={onClose}
      onExitComplete={onExitComplete}
      size="xl"
      readOnlyBodyLabel="Note text"
      title={shown ? `Progress Note - ${shown.clientName}` : 'Progress Note'}
      footer={
        <Flex gap="3" wrap="wrap" justify="flex-end" w="full">
          <Button variant="outline" onClick={() => void download()} loading={downloading} loadingText="Preparing PDF...">
            Download PDF
          </Button>
          {canDelete && !delivered && (
            <Button variant="outline" colorPalette="red" onClick={onDelete}>
              Delete Note
            </Button>
          )}
          {canEdit && !delivered && (
            <>
              <Button variant="outline" colorPalette="green" onClick={() => setConfirmingDelivery(true)}>
                Mark as Delivered
              </Button>
              <Button colorPalette="blue" onClick={onEdit}>
                Edit Note
              </Button>
            </>
          )}
        </Flex>
      }
    >
      {shown && (
        <Stack gap="4">
          <Flex justify="space-between" gap="3" wrap="wrap" align="center">
            <Text color="fg.muted" fontSize="sm">
              Reporting period: {formatPeriod(shown.note.reportingPeriodStart, shown.note.reportingPeriodEnd)}
            </Text>
            <NoteBadges note={shown.note} />
          </Flex>
          {delivered && (
            <Text fontSize="sm" color="fg.muted">
              This note was delivered; its content can no longer be changed.
            </Text>
          )}
          <RichTextView html={shown.note.content} data-testid="full-note" />
          <ConfirmDialog
            open={confirmingDelivery}
            title="Mark as Delivered"
            description={`Mark the progress note for ${shown.clientName} as delivered to the family? Delivering locks it: it can no longer be edited or deleted.`}
            confirmLabel="Mark as Delivered"
            pending={deliver.isPending}
            onConfirm={markDelivered}
            onCancel={() => setConfirmingDelivery(false)}
          />
          {delivered && canEdit && <FamilySharesSection noteId={shown.note.id} />}
        </Stack>
      )}
    </AppDialog>
  );
}
