import { Box, RadioGroup, Stack, Text } from '@chakra-ui/react';

/** What an edit or delete of a series occurrence applies to. */
export type SeriesScope = 'one' | 'following';

const choices: { value: SeriesScope; label: string }[] = [
  { value: 'one', label: 'This session only' },
  { value: 'following', label: 'This and following sessions' },
];

/** The question an edit or delete of a repeating session asks first: "This session only" or "This and following sessions". */
export function SeriesScopeChoice({ legend, value, onChange, disabled }: { legend: string; value: SeriesScope; onChange: (scope: SeriesScope) => void; disabled?: boolean }) {
  return (
    <Box as="fieldset">
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
        {legend}
      </Text>
      <RadioGroup.Root
        size="sm"
        value={value}
        onValueChange={(details) => onChange(details.value === 'following' ? 'following' : 'one')}
        disabled={disabled}
        aria-label="Which sessions"
      >
        <Stack gap="2">
          {choices.map((choice) => (
            <RadioGroup.Item key={choice.value} value={choice.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Box>
  );
}
