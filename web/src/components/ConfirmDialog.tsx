import { Button, Dialog } from '@chakra-ui/react';
import { AppDialog } from './AppDialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The safe choice's words; 'Cancel' unless the question calls for others. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Keeps the dialog open with a spinner on the confirm button while the action runs. */
  pending?: boolean;
}

/** Asks before a destructive action (archive, delete); Cancel has focus first, so Enter does not destroy. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, pending }: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      onClose={() => !pending && onCancel()}
      role="alertdialog"
      size="sm"
      scrollBehavior="outside"
      title={title}
      closeLabel={false}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Dialog.Description>{description}</Dialog.Description>
    </AppDialog>
  );
}
