import { Badge } from '@chakra-ui/react';
import type { MinuteStatus } from '@caseload/contract/school-year';
import { statusLabels, statusPalette } from '../lib/minutes.ts';

export function MinutesStatusBadge({ status }: { status: MinuteStatus }) {
  return <Badge colorPalette={statusPalette[status]}>{statusLabels[status]}</Badge>;
}
