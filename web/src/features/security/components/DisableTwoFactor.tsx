import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { disableTwoFactorBody } from '@caseload/contract/auth';
import { TextField } from '../../../components/TextField.tsx';
import { notify } from '../../../lib/toaster.ts';
import { useDisableTwoFactor } from '../api/security.ts';

export function DisableTwoFactor() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const disable = useDisableTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disableTwoFactorBody.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    disable.mutate(parsed.data, {
      onSuccess: () => {
        setPassword('');
        notify.success({ title: 'Two-factor authentication has been disabled.' });
      },
      onError: () => notify.error({ title: 'Invalid password. Please try again.' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" align="stretch">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>Two-factor authentication is enabled for your account.</Alert.Title>
        </Alert.Root>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <Button type="submit" colorPalette="red" variant="outline" alignSelf="flex-start" loading={disable.isPending} disabled={!password}>
          Disable 2FA
        </Button>
      </Stack>
    </form>
  );
}
