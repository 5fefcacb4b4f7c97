import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '../../../components/TextField.tsx';
import type { Period } from '../lib/notes.ts';

interface PeriodFieldsProps {
  value: Period;
  onChange: (period: Period) => void;
  /** Shown under the start date, e.g. when the last note ended. */
  startHint?: string;
  disabled?: boolean;
}

/** The reporting period's start and end date inputs. */
export function PeriodFields({ value, onChange, startHint, disabled }: PeriodFieldsProps) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <TextField
        label="Start date"
        type="date"
        value={value.start}
        max={value.end || undefined}
        onChange={(start) => onChange({ ...value, start })}
        helperText={startHint}
        disabled={disabled}
      />
      <TextField
        label="End date"
        type="date"
        value={value.end}
        min={value.start || undefined}
        onChange={(end) => onChange({ ...value, end })}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
