import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { timeZoneOptions } from '../lib/calendar.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';

interface TimeZoneFieldProps {
  value: string;
  onChange: (timeZone: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * 'Time zone': the IANA zones the browser knows, in a native select (the phone's own picker)
 * narrowed by a search box, so typing "chic" leaves America/Chicago. The chosen zone always stays
 * in the list, so a search never changes the value by itself.
 */
export function TimeZoneField({ value, onChange, error, disabled }: TimeZoneFieldProps) {
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const words = search.toLowerCase().replace(/\s+/g, '_');
    const matches = words ? zones.filter((zone) => zone.toLowerCase().includes(words)) : zones;
    return matches.includes(value) || !value ? matches : [value, ...matches];
  }, [zones, search, value]);

  return (
    <Stack gap="2">
      <Field.Root disabled={disabled}>
        <Field.Label>Search time zones</Field.Label>
        <Input type="search" placeholder="e.g. Chicago" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </Field.Root>
      <LabelledField label="Time zone" error={error} disabled={disabled} required helperText='Dates, "today" and the school days of the minutes follow this zone.'>
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </LabelledField>
    </Stack>
  );
}
