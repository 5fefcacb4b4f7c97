import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { loginBody } from '@caseload/contract/auth';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, errorNumber, isApiError } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { discoverSso, useLogin } from '../api/auth.ts';
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
  /** The district's single sign-on for the e-mail typed, when it has one (part 4 §4). */
  const [sso, setSso] = useState<{ email: string; accountName: string; startUrl: string } | null>(null);

  const checkSso = () => {
    const typed = email.trim();
    if (!loginBody.shape.username.safeParse(typed).success) return setSso(null);
    if (sso?.email === typed) return;
    void discoverSso(typed).then((found) => {
      setSso(found.sso ? { email: typed, accountName: found.accountName, startUrl: found.startUrl } : null);
    });
  };

  const handleError = (error: unknown) => {
    if (isApiError(error, 429)) {
      setFailure(null);
      lock.start(errorNumber(error, 'remainingTime') ?? 0);
    } else if (isApiError(error, 403)) {
      // The district signs in with single sign-on ('owner_only'): the server says so, and the way there is offered.
      setFailure({ message: errorMessage(error, '') || undefined });
      checkSso();
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
            onBlur={checkSso}
            error={errors.username}
            disabled={locked}
          />
          {sso && sso.email === email.trim() && (
            <Stack gap="2" aria-live="polite">
              <Button asChild colorPalette="blue" variant="solid">
                {/* A full page visit: the server sends the browser on to the district's provider. */}
                <Link href={sso.startUrl} textDecoration="none">
                  Continue with {sso.accountName}
                </Link>
              </Button>
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                or sign in with your Caseload password
              </Text>
            </Stack>
          )}
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
