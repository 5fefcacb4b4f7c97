import { LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A count card's label as the link to what it counts: the overlay stretches the link over the whole
 * card (its `position="relative"` root), and the link's name stays the short label.
 */
export function CountCardLink({ to, label }: { to: string; label: string }) {
  return (
    <LinkOverlay asChild>
      <RouterLink to={to}>
        <Text fontSize="sm" color="fg.muted" fontWeight="medium">
          {label}
        </Text>
      </RouterLink>
    </LinkOverlay>
  );
}
