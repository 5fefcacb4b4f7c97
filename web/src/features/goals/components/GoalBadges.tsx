import { Badge } from '@chakra-ui/react';
import { goalTypeLabels, type GoalStatus, type GoalType } from '@caseload/contract/enums';
import { goalStatusLabels, goalStatusPalette } from '../lib/goals.ts';

/** Badges for all four goal statuses. */
export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  return (
    <Badge colorPalette={goalStatusPalette[status]} variant="subtle">
      {goalStatusLabels[status]}
    </Badge>
  );
}

export function GoalTypeBadge({ type }: { type: GoalType }) {
  return (
    <Badge colorPalette="purple" variant="outline">
      {goalTypeLabels[type]}
    </Badge>
  );
}
