import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormActionsProps {
  onCancel: () => void;
  /** The submit button's text; absent for a read-only form (only the cancel button shows). */
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** While saving: both buttons are disabled and the submit button spins. */
  pending?: boolean;
  /** The form's id, when the buttons sit outside it (in the dialog's footer). */
  form?: string;
  submitDisabled?: boolean;
}

/** Cancel and the blue submit button at the end of a form. */
export function FormActions({ onCancel, submitLabel, cancelLabel = 'Cancel', pending = false, form, submitDisabled }: FormActionsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      {submitLabel !== undefined && (
        <Button type="submit" form={form} colorPalette="blue" loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      )}
    </>
  );
}
