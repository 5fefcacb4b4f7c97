import { Field, Input, type InputProps } from '@chakra-ui/react';

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
}

/** A labelled input with its validation message; Field ties label, input and message together by id. */
export function TextField({ label, value, onChange, error, helperText, disabled, required, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...inputProps} value={value} onChange={(event) => onChange(event.target.value)} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {/* red.700: Chakra's default error colour (red.500) fails WCAG contrast on white. */}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
