import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { queryClient } from '../lib/query-client.ts';
import { system } from './system.ts';

// The toast view (~30 KB gzip of state machines) is not needed to paint the first screen, so it
// loads alongside it; toasts created before it arrives wait in the toaster's store.
const AppToaster = lazy(() => import('../components/AppToaster.tsx'));

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ErrorBoundary fallback={null}>
          <Suspense>
            <AppToaster />
          </Suspense>
        </ErrorBoundary>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
