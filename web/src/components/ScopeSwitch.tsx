import type { CaseloadScope } from '../lib/caseload-scope.ts';
import { ToggleButtons } from './ToggleButtons.tsx';

const options = [
  { value: 'mine', label: 'My caseload' },
  { value: 'all', label: 'All clients' },
] as const;

interface ScopeSwitchProps {
  /** Undefined while the screen works out the default: neither is pressed yet. */
  scope: CaseloadScope | undefined;
  onChange: (scope: CaseloadScope) => void;
}

/** 'My caseload / All clients', big enough to tap at 390 px. */
export function ScopeSwitch({ scope, onChange }: ScopeSwitchProps) {
  return <ToggleButtons label="Whose clients" options={options} value={scope} onChange={onChange} />;
}
