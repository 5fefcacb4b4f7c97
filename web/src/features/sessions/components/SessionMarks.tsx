import { Badge, Box, type BadgeProps } from '@chakra-ui/react';
import type { Session } from '@caseload/contract/sessions';
import { RepeatIcon } from '../../../components/icons.tsx';

export const REPEAT_LABEL = 'Repeats weekly';

/** The repeat mark of a series occurrence: an icon named for screen readers (the icon itself is decorative). */
export function RepeatMark({ size = 12 }: { size?: number }) {
  return (
    <Box as="span" role="img" aria-label={REPEAT_LABEL} title={REPEAT_LABEL} display="inline-flex" flexShrink="0" verticalAlign="middle">
      <RepeatIcon size={size} />
    </Box>
  );
}

export function MakeupBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="purple" variant="subtle" flexShrink="0" {...props}>
      Make-up
    </Badge>
  );
}

/** The marks a session carries in the calendar and on its page: the repeat mark, the "Make-up" badge. */
export function SessionMarks({ session, iconSize, badgeSize }: { session: Pick<Session, 'seriesId' | 'makeupForSessionId'>; iconSize?: number; badgeSize?: BadgeProps['size'] }) {
  return (
    <>
      {session.seriesId && <RepeatMark size={iconSize} />}
      {session.makeupForSessionId && <MakeupBadge size={badgeSize} />}
    </>
  );
}
