import { Button, Group } from '@chakra-ui/react';
import type { ActivityKind } from '@caseload/contract/caseload';

const options: { value: Exclude<ActivityKind, 'all'>; label: string }[] = [
  { value: 'work', label: 'Activity' },
  { value: 'sign-ins', label: 'Sign-ins' },
];

/**
 * 'Activity / Sign-ins': clinical and administrative actions by default, sign-ins (and failed
 * attempts) one tap away. Two toggle buttons (aria-pressed) in one labelled group.
 */
export function ActivityKindSwitch({ kind, onChange }: { kind: ActivityKind; onChange: (kind: Exclude<ActivityKind, 'all'>) => void }) {
  return (
    <Group attached role="group" aria-label="Which events">
      {options.map((option) => (
        <Button
          key={option.value}
          size="xs"
          minH="7"
          variant={kind === option.value ? 'solid' : 'outline'}
          colorPalette={kind === option.value ? 'blue' : 'gray'}
          aria-pressed={kind === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
