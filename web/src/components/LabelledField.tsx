import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LabelledFieldProps {
  label: string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  children: ReactNode;
}

/**
 * A label, one control and its validation message: Field ties them together by id, so the control
 * is named by the label and described by the message. The frame of TextField and SelectField.
 */
export function LabelledField({ label, error, helperText, disabled, required, children }: LabelledFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {/* red.700: Chakra's default error colour (red.500) fails WCAG contrast on white. */}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
