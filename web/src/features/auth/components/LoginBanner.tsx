import { Alert } from '@chakra-ui/react';
import { failedAttemptsMessage, lockoutMessage } from '../lib/lockout.ts';

export type LoginProblem = { kind: 'failed'; message?: string; failedAttempts?: number } | { kind: 'locked'; secondsLeft: number };

/** The server's message, or else the attempt count. */
function failedLoginText({ message, failedAttempts }: { message?: string; failedAttempts?: number }): string {
  if (message) return message;
  return failedAttempts === undefined ? '' : failedAttemptsMessage(failedAttempts);
}

/** The warning above the sign-in form after a failed attempt (401) or while locked out (429). */
export function LoginBanner({ problem }: { problem: LoginProblem }) {
  if (problem.kind === 'locked') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Account Temporarily Locked</Alert.Title>
          <Alert.Description>{lockoutMessage(problem.secondsLeft)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Login Failed</Alert.Title>
        <Alert.Description>{failedLoginText(problem)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
