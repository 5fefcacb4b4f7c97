import { Input, type InputProps } from '@chakra-ui/react';
import { LabelledField } from './LabelledField.tsx';

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
    <LabelledField label={label} error={error} helperText={helperText} disabled={disabled} required={required}>
      <Input {...inputProps} value={value} onChange={(event) => onChange(event.target.value)} />
    </LabelledField>
  );
}
