import { Combobox, Field, Portal, useFilter, useListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { timeZoneOptions } from '../lib/calendar.ts';

interface TimeZoneFieldProps {
  value: string;
  onChange: (timeZone: string) => void;
  error?: string;
  disabled?: boolean;
}

/** 'Time zone': a searchable list of the IANA zones the browser knows; typing "chic" finds America/Chicago. */
export function TimeZoneField({ value, onChange, error, disabled }: TimeZoneFieldProps) {
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  const filters = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({ initialItems: zones, filter: (item: string, query: string) => filters.contains(item, query) });
  // The input shows the saved zone until the user types; a search that chose nothing falls back to it.
  const [inputValue, setInputValue] = useState(value);

  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        inputValue={inputValue}
        onInputValueChange={(details) => {
          setInputValue(details.inputValue);
          filter(details.inputValue);
        }}
        onValueChange={(details) => {
          const chosen = details.value[0];
          if (chosen) {
            onChange(chosen);
            setInputValue(chosen);
          }
        }}
        onOpenChange={(details) => {
          if (details.open) return;
          setInputValue(value);
          filter('');
        }}
        openOnClick
        disabled={disabled}
        invalid={Boolean(error)}
      >
        <Combobox.Label>
          Time zone
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="Type to search, e.g. Chicago" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label="Show time zones" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="72" overflowY="auto">
              <Combobox.Empty>No time zone matches</Combobox.Empty>
              {collection.items.map((zone) => (
                <Combobox.Item key={zone} item={zone}>
                  {zone.replace(/_/g, ' ')}
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {!error && <Field.HelperText>Dates, "today" and the school days of the minutes follow this zone.</Field.HelperText>}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
