import { Alert } from '@chakra-ui/react';
import { failedAttemptsMessage, lockoutMessage } from '../lib/lockout.ts';

export type LoginProblem = { kind: 'failed'; message?: string; failedAttempts?: number } | { kind: 'locked'; secondsLeft: number };

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
        {problem.message && <Alert.Description>{problem.message}</Alert.Description>}
        {problem.failedAttempts !== undefined && <Alert.Description>{failedAttemptsMessage(problem.failedAttempts)}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
