import { Dialog, HStack, IconButton, Portal, type DialogRootProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

interface AppDialogProps {
  open: boolean;
  /** Escape, the close button, a click outside (unless kept open): the dialog asks to close. */
  onClose: () => void;
  /** The dialog's accessible name. Absent: the children bring their own Dialog.Header and Dialog.Title. */
  title?: ReactNode;
  /** Next to the title (e.g. a status badge). */
  titleAside?: ReactNode;
  /** A muted line under the title; it also describes the dialog (aria-describedby). */
  description?: ReactNode;
  children: ReactNode;
  /** The Dialog.Footer's content, e.g. Cancel and the submit button (FormActions). */
  footer?: ReactNode;
  /**
   * The children go straight into the dialog's content and bring their own Dialog.Body and
   * Dialog.Footer (a form that wraps both).
   */
  bodyless?: boolean;
  size?: DialogRootProps['size'];
  role?: 'dialog' | 'alertdialog';
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  /** Dialogs holding typed text stay open on a stray click or focus outside; Escape and Close still close them. */
  keepOpenOnOutsideClick?: boolean;
  /**
   * For a body with nothing focusable in it (read-only text): names the body and makes it
   * focusable, so keyboard users can scroll it.
   */
  readOnlyBodyLabel?: string;
  /** After the closing animation: the moment to open another dialog (earlier, this one's focus return would close it). */
  onExitComplete?: () => void;
  /** The corner close button's accessible name; false for none. */
  closeLabel?: string | false;
  /** Disables the corner close button, e.g. while a save runs. */
  closeDisabled?: boolean;
}

/**
 * Fixed ids for a dialog's title and description, for Dialog.Root's `ids` and Dialog.Content's aria
 * attributes. Zag names the content only if it finds the title one animation frame after opening;
 * on a busy device the content mounts later, and the dialog then stays unnamed for screen readers.
 */
export function useDialogIds() {
  const id = useId();
  return { title: `${id}title`, description: `${id}description` };
}

/**
 * The dialog's name and description from the first render (see useDialogIds). The description is
 * referenced only when the dialog has one.
 */
export function dialogContentNaming(ids: ReturnType<typeof useDialogIds>, described: boolean) {
  return { 'aria-labelledby': ids.title, ...(described ? { 'aria-describedby': ids.description } : {}) };
}

/**
 * The app's dialog skeleton: centred, titled, with a body, an optional footer and a corner close button.
 * Its content mounts on opening and unmounts after closing (Chakra's lazyMount and unmountOnExit
 * defaults), so each opening starts fresh.
 */
export function AppDialog({
  open,
  onClose,
  title,
  titleAside,
  description,
  children,
  footer,
  bodyless = false,
  size,
  role = 'dialog',
  scrollBehavior = 'inside',
  keepOpenOnOutsideClick = false,
  readOnlyBodyLabel,
  onExitComplete,
  closeLabel = 'Close',
  closeDisabled,
}: AppDialogProps) {
  const ids = useDialogIds();
  const titleElement = <Dialog.Title>{title}</Dialog.Title>;
  return (
    <Dialog.Root
      ids={ids}
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      onExitComplete={onExitComplete}
      closeOnInteractOutside={!keepOpenOnOutsideClick}
      size={size}
      role={role}
      scrollBehavior={scrollBehavior}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...dialogContentNaming(ids, description !== undefined)}>
            {title !== undefined &&
              (description !== undefined ? (
                <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                  {titleElement}
                  <Dialog.Description color="fg.muted" fontSize="sm">
                    {description}
                  </Dialog.Description>
                </Dialog.Header>
              ) : (
                <Dialog.Header>
                  {titleAside !== undefined ? (
                    <HStack gap="2" wrap="wrap">
                      {titleElement}
                      {titleAside}
                    </HStack>
                  ) : (
                    titleElement
                  )}
                </Dialog.Header>
              ))}
            {bodyless ? (
              children
            ) : (
              <Dialog.Body {...(readOnlyBodyLabel ? { tabIndex: 0, role: 'region', 'aria-label': readOnlyBodyLabel } : {})}>{children}</Dialog.Body>
            )}
            {footer !== undefined && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closeLabel !== false && (
              <Dialog.CloseTrigger asChild>
                <IconButton aria-label={closeLabel} variant="ghost" size="sm" disabled={closeDisabled}>
                  <CloseIcon />
                </IconButton>
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
