import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from './AppDialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question in words; `children` instead when the dialog asks more (a choice, an error). */
  description?: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The safe choice's words; 'Cancel' unless the question calls for others. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Keeps the dialog open with a spinner on the confirm button while the action runs. */
  pending?: boolean;
}

/** Asks before a destructive action (archive, delete); Cancel has focus first, so Enter does not destroy. */
export function ConfirmDialog({ open, title, description, children, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel, pending }: ConfirmDialogProps) {
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
      {children ?? <Dialog.Description>{description}</Dialog.Description>}
    </AppDialog>
  );
}
