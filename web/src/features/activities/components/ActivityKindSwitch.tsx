import type { ActivityKind } from '@caseload/contract/caseload';
import { ToggleButtons } from '../../../components/ToggleButtons.tsx';

const options = [
  { value: 'work', label: 'Activity' },
  { value: 'sign-ins', label: 'Sign-ins' },
] as const;

/** 'Activity / Sign-ins': clinical and administrative actions by default, sign-ins (and failed attempts) one tap away. */
export function ActivityKindSwitch({ kind, onChange }: { kind: ActivityKind; onChange: (kind: Exclude<ActivityKind, 'all'>) => void }) {
  return <ToggleButtons label="Which events" options={options} value={kind === 'all' ? undefined : kind} onChange={onChange} size="xs" />;
}
