import { Button, Group } from '@chakra-ui/react';

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
}

interface ToggleButtonsProps<T extends string> {
  /** The group's accessible name ('Whose clients', 'Which events', 'View'). */
  label: string;
  options: readonly ToggleOption<T>[];
  /** Undefined while a screen works out its default: none is pressed yet. */
  value: T | undefined;
  onChange: (value: T) => void;
  /** `sm` (36 px tall) in page headers, `xs` (28 px) inside cards; both above the 24 px target size. */
  size?: 'xs' | 'sm';
  alignSelf?: 'flex-start';
}

/** A choice of a few views: toggle buttons (aria-pressed) in one labelled, attached group. */
export function ToggleButtons<T extends string>({ label, options, value, onChange, size = 'sm', alignSelf }: ToggleButtonsProps<T>) {
  return (
    <Group attached role="group" aria-label={label} alignSelf={alignSelf}>
      {options.map((option) => (
        <Button
          key={option.value}
          size={size}
          minH={size === 'sm' ? '9' : '7'}
          variant={value === option.value ? 'solid' : 'outline'}
          colorPalette={value === option.value ? 'blue' : 'gray'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
