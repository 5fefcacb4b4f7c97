import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { SessionStatus } from '@caseload/contract/enums';
import { statusLabels, statusPalette } from '../lib/calendar.ts';

/** Scheduled blue, completed green, canceled and no_show red, rescheduled yellow. */
export function SessionStatusBadge({ status, ...props }: { status: SessionStatus } & BadgeProps) {
  return (
    <Badge colorPalette={statusPalette[status]} variant="subtle" {...props}>
      {statusLabels[status]}
    </Badge>
  );
}
