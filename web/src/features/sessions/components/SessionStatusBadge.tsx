import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { CancelReason, SessionStatus } from '@caseload/contract/enums';
import { statusLabels, statusPalette } from '../lib/calendar.ts';
import { canceledLabel } from '../lib/format.ts';

/** Status label of a session: a canceled one says why ('Canceled: Provider unavailable'), since a closure owes no make-up and a provider's absence does. */
export const sessionStatusLabel = (session: { status: SessionStatus; cancelReason?: CancelReason }) =>
  session.status === 'canceled' ? canceledLabel(session.cancelReason) : statusLabels[session.status];

/** Scheduled blue, completed green, canceled and no_show red, rescheduled yellow. */
export function SessionStatusBadge({ status, cancelReason, ...props }: { status: SessionStatus; cancelReason?: CancelReason } & BadgeProps) {
  return (
    <Badge colorPalette={statusPalette[status]} variant="subtle" {...props}>
      {sessionStatusLabel({ status, cancelReason })}
    </Badge>
  );
}
