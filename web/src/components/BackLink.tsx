import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The way back to a list from one of its records ("← Clients"): a 32 px tall target (WCAG 2.2
 * asks at least 24 px), its arrow decorative.
 */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" color="blue.700">
      <RouterLink to={to}>
        <span aria-hidden="true">←</span> {label}
      </RouterLink>
    </Button>
  );
}
