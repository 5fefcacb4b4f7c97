import { Button, Checkbox, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { dialogContentNaming, useDialogIds } from '../../../components/AppDialog.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useVerifyTwoFactor } from '../api/auth.ts';

const CODE_LENGTH = 6;

interface TwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Completes a login that needs a code. On success the user is stored and the auth page moves on to '/'. */
export function TwoFactorDialog({ open, onClose }: TwoFactorDialogProps) {
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const verify = useVerifyTwoFactor();
  const ids = useDialogIds();

  const close = () => {
    setCode('');
    setRememberDevice(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    verify.mutate(
      { token: code, rememberDevice },
      {
        onSuccess: () => {
          notify.success({ title: 'Login successful' });
          close();
        },
        onError: (error) => {
          notify.error({ title: 'Verification failed', description: errorMessage(error, 'Invalid 2FA code. Please try again.') });
          setCode('');
        },
      },
    );
  };

  return (
    <Dialog.Root ids={ids} open={open} onOpenChange={(details) => !details.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...dialogContentNaming(ids, true)}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Two-Factor Authentication</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>Enter the 6-digit code from your authenticator app.</Dialog.Description>
                  <TextField
                    label="Verification code"
                    value={code}
                    onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={CODE_LENGTH}
                    placeholder="000000"
                    letterSpacing="widest"
                  />
                  <Checkbox.Root checked={rememberDevice} onCheckedChange={(details) => setRememberDevice(details.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Remember this device for 2 weeks</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" disabled={code.length !== CODE_LENGTH} loading={verify.isPending}>
                  Verify
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
