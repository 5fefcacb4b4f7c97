import { Button, Group } from '@chakra-ui/react';
import type { CaseloadScope } from '../lib/caseload-scope.ts';

const options: { value: CaseloadScope; label: string }[] = [
  { value: 'mine', label: 'My caseload' },
  { value: 'all', label: 'All clients' },
];

interface ScopeSwitchProps {
  /** Undefined while the screen works out the default: neither is pressed yet. */
  scope: CaseloadScope | undefined;
  onChange: (scope: CaseloadScope) => void;
}

/** 'My caseload / All clients': two toggle buttons (aria-pressed) in one labelled group, big enough to tap at 390 px. */
export function ScopeSwitch({ scope, onChange }: ScopeSwitchProps) {
  return (
    <Group attached role="group" aria-label="Whose clients">
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          minH="9"
          variant={scope === option.value ? 'solid' : 'outline'}
          colorPalette={scope === option.value ? 'blue' : 'gray'}
          aria-pressed={scope === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
