import { Alert } from '@chakra-ui/react';
import { deletionBanner } from '@caseload/contract/account-lifecycle';
import { formatDay, useAccount } from '../api/account-lifecycle.ts';

/**
 * What every user of a district sees while its deletion is scheduled (part 4 §5), on every page
 * (the shell renders it above the page). A status, not an alert: it is announced politely when it
 * appears, not on every navigation.
 */
export function DeletionBanner() {
  const date = useAccount().data?.deletionScheduledFor;
  if (!date) return null;
  return (
    <Alert.Root status="warning" role="status" borderRadius="0" data-testid="deletion-banner">
      <Alert.Indicator />
      <Alert.Title fontWeight="semibold" whiteSpace="normal">
        {deletionBanner(formatDay(date))}
      </Alert.Title>
    </Alert.Root>
  );
}
