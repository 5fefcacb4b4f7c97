import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { Shell } from './shell/Shell.tsx';

/** The protection rule: spinner while the session loads, /auth without a user, else the page in the shell. */
export function RequireUser() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();

  if (user) return <Shell user={user} />;
  if (isPending) return <PageSpinner minH="100vh" />;
  // No answer is not "signed out": on flaky Wi-Fi, offer a retry instead of a sign-in page.
  if (isError) return <ServerUnreachable onRetry={() => void refetch()} />;
  return <RedirectToSignIn />;
}

function RedirectToSignIn() {
  useEffect(() => console.log('Session expired - redirecting to login'), []);
  return <Navigate to="/auth" replace />;
}

/** The sign-in page is for visitors only; a signed-in user goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <PageSpinner minH="100vh" />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Center as="main" minH="100vh" p="6">
      <Stack align="center" gap="4" textAlign="center">
        <Text as="h1" fontSize="xl" fontWeight="semibold">
          Could not reach the server
        </Text>
        <Text color="fg.muted">Check your connection and try again.</Text>
        <Button colorPalette="blue" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
