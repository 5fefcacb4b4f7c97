import { Alert, Box, Button, Code, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { twoFactorCode, type twoFactorSetup } from '@caseload/contract/auth';
import type * as z from 'zod/mini';
import { TextField } from '../../../components/TextField.tsx';
import { notify } from '../../../lib/toaster.ts';
import { useEnableTwoFactor, useSetupTwoFactor } from '../api/security.ts';

type Setup = z.infer<typeof twoFactorSetup>;

/** Off → setup requested (QR and manual key) → enabled on a valid code; Cancel returns to off. */
export function EnableTwoFactor() {
  const [setup, setSetup] = useState<Setup | null>(null);
  const requestSetup = useSetupTwoFactor();

  const start = () =>
    requestSetup.mutate(undefined, {
      onSuccess: setSetup,
      onError: () => notify.error({ title: 'Failed to setup 2FA. Please try again.' }),
    });

  if (setup) return <ConfirmSetup setup={setup} onDone={() => setSetup(null)} />;
  return (
    <Stack gap="4" align="flex-start">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>Two-factor authentication is not enabled for your account.</Alert.Title>
      </Alert.Root>
      <Button colorPalette="blue" onClick={start} loading={requestSetup.isPending}>
        Enable 2FA
      </Button>
    </Stack>
  );
}

function ConfirmSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const enable = useEnableTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    enable.mutate(
      { secret: setup.secret, token: parsed.data },
      {
        onSuccess: () => {
          notify.success({ title: 'Two-factor authentication has been enabled.' });
          onDone();
        },
        onError: () => notify.error({ title: 'Invalid verification code. Please try again.' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text>Scan this QR code with your authenticator app, or enter the key by hand.</Text>
        <Image src={setup.qrCode} alt="QR code for your authenticator app" boxSize="48" />
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Manual entry key
          </Text>
          <Code data-testid="manual-key" fontSize="md" wordBreak="break-all">
            {setup.manualKey}
          </Code>
        </Box>
        <TextField
          label="Verification code"
          value={code}
          onChange={(value) => setCode(value.replace(/\s/g, ''))}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
        />
        <HStack>
          <Button type="submit" colorPalette="blue" loading={enable.isPending}>
            Verify & Enable
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
