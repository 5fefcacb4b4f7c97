import { Field, NativeSelect } from '@chakra-ui/react';

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
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
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
      {/* red.700: Chakra's default error colour (red.500) fails WCAG contrast on white. */}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
