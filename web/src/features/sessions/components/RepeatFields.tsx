import { Button, Checkbox, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { latestUntil, weekdayLabels, weekdayNumbers } from '@caseload/contract/school-year';

interface RepeatFieldsProps {
  repeats: boolean;
  onRepeatsChange: (repeats: boolean) => void;
  weekdays: readonly number[];
  onWeekdaysChange: (weekdays: number[]) => void;
  /** The end date shown (the typed one, or the default). */
  until: string;
  onUntilChange: (until: string) => void;
  /** The series' first date, bounding the end date's picker. */
  startsOn: string;
  errors: { weekdays?: string; until?: string };
  disabled?: boolean;
}

/**
 * "Repeats weekly on": a switch, the Monday–Friday toggles (they wrap on a phone) and the series'
 * end date ("Until").
 */
export function RepeatFields({ repeats, onRepeatsChange, weekdays, onWeekdaysChange, until, onUntilChange, startsOn, errors, disabled }: RepeatFieldsProps) {
  const toggle = (day: number) => onWeekdaysChange(weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b));
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(startsOn);
  return (
    <Stack gap="3">
      <Checkbox.Root checked={repeats} disabled={disabled} onCheckedChange={(details) => onRepeatsChange(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Repeats weekly on</Checkbox.Label>
      </Checkbox.Root>
      {repeats && (
        <>
          <Stack gap="1">
            <Flex gap="2" wrap="wrap" role="group" aria-label="Weekdays" aria-describedby={errors.weekdays ? 'repeat-weekdays-error' : undefined}>
              {weekdayNumbers.map((day) => (
                <Button
                  key={day}
                  size="sm"
                  minW="14"
                  variant={weekdays.includes(day) ? 'solid' : 'outline'}
                  colorPalette="blue"
                  aria-pressed={weekdays.includes(day)}
                  disabled={disabled}
                  onClick={() => toggle(day)}
                >
                  {weekdayLabels[day]}
                </Button>
              ))}
            </Flex>
            {errors.weekdays && (
              <Text id="repeat-weekdays-error" color="red.700" fontSize="sm">
                {errors.weekdays}
              </Text>
            )}
          </Stack>
          <Field.Root invalid={Boolean(errors.until)} required>
            <Field.Label>
              Until
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="date"
              value={until}
              min={validStart ? startsOn : undefined}
              max={validStart ? latestUntil(startsOn) : undefined}
              disabled={disabled}
              onChange={(event) => onUntilChange(event.target.value)}
            />
            {errors.until && <Field.ErrorText color="red.700">{errors.until}</Field.ErrorText>}
          </Field.Root>
        </>
      )}
    </Stack>
  );
}
