import { NativeSelect } from '@chakra-ui/react';
import { LabelledField } from './LabelledField.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** A first option such as 'All Clients' (value ''). */
  placeholder?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** A labelled native select with its validation message; Field ties label, select and message together by id. */
export function SelectField({ label, value, onChange, options, error, disabled, required, placeholder, size = 'md' }: SelectFieldProps) {
  return (
    <LabelledField label={label} error={error} disabled={disabled} required={required}>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}
