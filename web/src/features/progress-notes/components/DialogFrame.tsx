import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: DialogRootProps['size'];
  role?: 'dialog' | 'alertdialog';
  /**
   * For a body with nothing focusable in it (read-only text): names the body and makes it
   * focusable, so keyboard users can scroll it.
   */
  readOnlyBodyLabel?: string;
  /** After the closing animation: the moment to open another dialog (earlier, this one's focus return would close it). */
  onExitComplete?: () => void;
  /** Dialogs holding typed text stay open on a stray click or focus outside; Escape and Close still close them. */
  keepOpenOnOutsideClick?: boolean;
}

/** A titled dialog whose body mounts on open and unmounts on close, so each opening starts fresh. */
export function DialogFrame({ open, onClose, title, children, footer, size = 'lg', role = 'dialog', readOnlyBodyLabel, onExitComplete, keepOpenOnOutsideClick = false }: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      onExitComplete={onExitComplete}
      closeOnInteractOutside={!keepOpenOnOutsideClick}
      size={size}
      role={role}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body {...(readOnlyBodyLabel ? { tabIndex: 0, role: 'region', 'aria-label': readOnlyBodyLabel } : {})}>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
