import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead; by default a full-page 'Something went wrong' with a reload button. */
  fallback?: ReactNode;
}

/** Catches a part that throws or whose code fails to download (e.g. the connection dropped mid-navigation). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <Center as="main" minH="100vh" p="6">
        <Stack align="center" gap="4" textAlign="center">
          <Heading as="h1" size="xl">
            Something went wrong
          </Heading>
          <Text color="fg.muted">The page could not be shown. Reloading usually fixes this.</Text>
          <Button colorPalette="blue" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      </Center>
    );
  }
}
