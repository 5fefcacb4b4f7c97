import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { loginBody } from '@caseload/contract/auth';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, errorNumber, isApiError } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useLogin } from '../api/auth.ts';
import { lockedButtonLabel } from '../lib/lockout.ts';
import { useCountdown } from '../lib/useCountdown.ts';
import { LoginBanner } from './LoginBanner.tsx';
import { TwoFactorDialog } from './TwoFactorDialog.tsx';

interface FailedAttempt {
  message?: string;
  failedAttempts?: number;
}

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<FailedAttempt | null>(null);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const lock = useCountdown();
  const login = useLogin();

  const handleError = (error: unknown) => {
    if (isApiError(error, 429)) {
      setFailure(null);
      lock.start(errorNumber(error, 'remainingTime') ?? 0);
    } else if (isApiError(error, 401)) {
      setFailure({ message: errorMessage(error, '') || undefined, failedAttempts: errorNumber(error, 'failedAttempts') });
    } else if (isApiError(error)) {
      // Other login errors are logged only.
      console.error('Login failed', error);
    } else {
      // No answer at all (e.g. the Wi-Fi dropped): say so rather than leave the button doing nothing.
      console.error('Login failed', error);
      notify.error({ title: 'Could not reach the server', description: 'Check your connection and try again.' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBody.safeParse({ username: email, password });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (result) => {
        setFailure(null);
        if ('requiresTwoFactor' in result) setTwoFactorOpen(true);
      },
      onError: handleError,
    });
  };

  const locked = lock.running;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {locked && <LoginBanner problem={{ kind: 'locked', secondsLeft: lock.secondsLeft }} />}
          {!locked && failure && <LoginBanner problem={{ kind: 'failed', ...failure }} />}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            error={errors.username}
            disabled={locked}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            disabled={locked}
          />
          <Button type="submit" colorPalette="blue" loading={login.isPending} disabled={locked}>
            {locked ? lockedButtonLabel(lock.secondsLeft) : 'Sign In'}
          </Button>
        </Stack>
      </form>
      <TwoFactorDialog open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
    </>
  );
}
