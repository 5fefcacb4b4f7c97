import { Alert, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { CONFIRM_NAME_MISMATCH, confirmsName, DELETION_NOTICE_DAYS, deletionBanner } from '@caseload/contract/account-lifecycle';
import type { Account } from '@caseload/contract/school-year';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { formatDay, useCancelDeletion, useRequestDeletion } from '../api/account-lifecycle.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

/**
 * The owner's "Leaving Caseload" card: typing the district's name asks for the deletion of all its
 * data, DELETION_NOTICE_DAYS ahead; while one is scheduled, its date and Cancel. The typed name
 * stays when a request fails, so pressing the button again retries it.
 */
export function LeavingCaseloadCard({ account }: { account: Account }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const scheduled = account.deletionScheduledFor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmsName(typed, account.name)) return setError(CONFIRM_NAME_MISMATCH);
    setError(undefined);
    request.mutate(typed, {
      onSuccess: () => setTyped(''),
      onError: (e) => setError(serverFieldErrors(e).confirmName),
    });
  };

  return (
    <SettingsCard
      headingId="leaving-heading"
      title="Leaving Caseload"
      description={<>At the end of your contract, delete all of the district&apos;s data: every student, record, document, file and user. It happens {DELETION_NOTICE_DAYS} days after you ask, and until then you can cancel. Export what you need to keep first.</>}
    >
      {scheduled ? (
        <Stack gap="4">
          <Text fontWeight="semibold">{deletionBanner(formatDay(scheduled))}</Text>
          {cancel.isError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(cancel.error, 'The deletion could not be canceled. Check your connection and try again.')}</Alert.Title>
            </Alert.Root>
          )}
          <Flex>
            <Button onClick={() => cancel.mutate()} loading={cancel.isPending} variant="outline">
              Cancel the deletion
            </Button>
          </Flex>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Delete the district's data">
          <Stack gap="4" maxW="lg">
            <TextField
              label="District name"
              value={typed}
              onChange={setTyped}
              error={error}
              helperText={`Type ${account.name} to confirm.`}
              autoComplete="off"
              required
              maxLength={255}
            />
            {request.isError && !error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(request.error, 'The deletion could not be requested. Check your connection and try again.')}</Alert.Title>
              </Alert.Root>
            )}
            <Flex>
              <Button type="submit" colorPalette="red" loading={request.isPending}>
                Delete the district&apos;s data
              </Button>
            </Flex>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
