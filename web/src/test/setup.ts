// TZDate (the account's zone on screen) extends the Date class as it is when the module first loads:
// loaded here, before any test fakes Date, it extends the real one. A page loaded lazily under
// vi.useFakeTimers({ toFake: ['Date'] }) would otherwise build it on the fake, whose constructor
// returns plain Dates.
import '@date-fns/tz';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@caseload/contract/auth';
import { queryClient } from '../lib/query-client.ts';
import { toaster } from '../lib/toaster.ts';
import { takeUnmatchedRequests } from './fetch.ts';

// A hang guard for findBy/waitFor, not a speed check: lazy pages and Chakra's state machines take a
// few ticks, 1 s (the default) was flaky on a busy CI machine, and 5 s was passed with two other full
// runs on the 2 cores.
configure({ asyncUtilTimeout: 15_000 });

// As after a sign-in, the server's hint that a session may exist: each test's /api/user answer
// decides whether someone is signed in (a test of a device where nobody signed in removes it).
beforeEach(() => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
});

afterEach(() => {
  // Taken before and after unmounting: what the test itself called, then what unmounting started.
  const unmatched = takeUnmatchedRequests();
  cleanup();
  unmatched.push(...takeUnmatchedRequests());
  queryClient.clear();
  // What the app keeps on the device (a signed-in user, a sign-out still to reach the server) is
  // the test's own: web tests share one page (isolate: false), and the next file starts clean.
  localStorage.clear();
  sessionStorage.clear();
  // The toaster's store outlives each test's Toaster: start every test without toasts.
  toaster.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (unmatched.length) throw new Error(`The test server has no handler for: ${[...new Set(unmatched)].join(', ')}`);
});
