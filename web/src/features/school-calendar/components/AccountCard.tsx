import { Alert, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { accountBody, type Account } from '@caseload/contract/school-year';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { useUpdateAccount } from '../api/school-calendar.ts';
import { TimeZoneField } from './TimeZoneField.tsx';

/** The account's name, time zone and automatic sign-out. What was typed stays when a save fails, so pressing Save again retries it. */
export function AccountCard({ account }: { account: Account }) {
  const [name, setName] = useState(account.name);
  const [timeZone, setTimeZone] = useState(account.timeZone);
  const [idleMinutes, setIdleMinutes] = useState(String(account.idleMinutes));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // Blank or not a number: left to the contract's range message.
    const result = accountBody.safeParse({ name, timeZone, idleMinutes: idleMinutes.trim() === '' ? Number.NaN : Number(idleMinutes) });
    if (!result.success) return setErrors(zodFieldErrors(result.error));
    setErrors({});
    update.mutate(result.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Card.Root as="section" aria-labelledby="account-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="account-heading">
          Account
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The name your team sees, the time zone the school calendar runs in, and when an unused device signs itself out.
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Account">
          <Stack gap="4" maxW="lg">
            <TextField label="Account name" value={name} onChange={setName} error={errors.name} required maxLength={255} />
            <TimeZoneField value={timeZone} onChange={setTimeZone} error={errors.timeZone} />
            <TextField
              label="Automatic sign-out (minutes without use)"
              value={idleMinutes}
              onChange={setIdleMinutes}
              error={errors.idleMinutes}
              helperText="Between 5 and 60 minutes. Everyone is warned 2 minutes before."
              inputMode="numeric"
              required
              maxW="40"
            />
            {update.isError && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(update.error, 'The account could not be saved. Check your connection and try again.')}</Alert.Title>
              </Alert.Root>
            )}
            <Flex gap="3" align="center" wrap="wrap">
              <Button type="submit" colorPalette="blue" loading={update.isPending}>
                Save account
              </Button>
              {saved && (
                <Text role="status" color="green.700" fontSize="sm">
                  Account saved
                </Text>
              )}
            </Flex>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
