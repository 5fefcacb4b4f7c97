import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { toaster } from '../lib/toaster.ts';

// Lazy pages and Chakra's state machines take a few ticks; 1 s (the default) is flaky on a busy CI machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  queryClient.clear();
  // The toaster's store outlives each test's Toaster: start every test without toasts.
  toaster.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
