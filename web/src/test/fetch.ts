import { vi } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import { permissionDefaults } from '@caseload/contract/enums';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

type Handler = (request: { method: string; url: string; init: RequestInit }) => Response | Promise<Response>;

/** Replaces the global fetch; every call is recorded on the returned mock. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler({ method: init.method ?? 'GET', url: String(input), init })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut = () => jsonResponse(401, { message: 'Not signed in' });

/** An answer that never comes: a test that wants a part of the page to keep loading says so with this. */
export const pending = (): Promise<Response> => new Promise<Response>(() => {});

/** The dashboard's own reads, left loading, for tests about where a user lands or the shell around it. */
export const dashboardLoading: Record<string, () => Promise<Response>> = {
  'GET /api/signatures/pending': pending,
  'GET /api/activities?scope=account&kind=work': pending,
  'GET /api/clients?assignedTo=me&limit=1': pending,
  // Asked once the scope is known (a scope remembered or read from the URL needs no probe).
  'GET /api/service-minutes/summary?assignedTo=me': pending,
  'GET /api/service-minutes/summary?assignedTo=all': pending,
};

const unmatched: string[] = [];

/**
 * A call no handler of the test server answers: recorded (the test fails when it ends, see
 * setup.ts) and refused like a network failure, so a screen calling a route the test did not
 * expect (a renamed path, a missing handler) can never pass by loading forever.
 */
export function unmatchedRequest(method: string, url: string): Promise<Response> {
  unmatched.push(`${method} ${url}`);
  return Promise.reject(new TypeError(`No test handler for ${method} ${url}`));
}

/** The unmatched calls since the last time they were taken. */
export const takeUnmatchedRequests = () => unmatched.splice(0);

type Answer = (body: unknown) => Response | Promise<Response>;

/**
 * Answers 'METHOD /path?query' keys with the given functions (called with the parsed JSON body).
 * Any other call fails the test (unmatchedRequest); a part of the page that should keep loading
 * gets `pending`.
 */
export function mockApi(answers: Record<string, Answer>) {
  return mockFetch(({ method, url, init }) => {
    const answer = answers[`${method} ${url}`];
    if (!answer) return accountSettings(method, url) ?? unmatchedRequest(method, url);
    return answer(init.body ? JSON.parse(String(init.body)) : undefined);
  });
}

export const testUser: CurrentUser = {
  id: '5d6f1a8e-0c4b-4e8a-9f51-2b7c3d9e1a01',
  email: 'jane@school.example',
  firstName: 'Jane',
  lastName: 'Doe',
  role: 'slp',
  userType: 'owner',
  accountId: '7a2e4c1b-3d5f-4a6b-8c9d-0e1f2a3b4c5d',
  accountName: 'Lincoln Elementary',
  idleMinutes: 30,
  twoFactorEnabled: false,
  permissions: { ...permissionDefaults, allowedOrganizationIds: [] },
};

/** The browser's own zone: as the account's, a test's local times are the account's on any machine. */
export const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/account's answer: the test user's account, in the browser's zone unless another is given. */
export const testAccount = (timeZone = BROWSER_ZONE) => ({ id: testUser.accountId, name: testUser.accountName, timeZone, idleMinutes: testUser.idleMinutes, retentionYears: 7, deletionScheduledFor: null as string | null });

/**
 * The account's settings, which every screen that shows a time reads (its time zone): answered with
 * testAccount() unless a test answers GET /api/account itself.
 */
export function accountSettings(method: string, url: string): Promise<Response> | undefined {
  if (method === 'GET' && url === '/api/account') return Promise.resolve(jsonResponse(200, testAccount()));
  // The header's bell reads the user's notifications on every signed-in screen: none, unless a test answers itself.
  if (method === 'GET' && url === '/api/notifications') return Promise.resolve(jsonResponse(200, []));
  // The Security page's digest card reads the user's preferences: not opted in, unless a test answers itself.
  if (method === 'GET' && url === '/api/user/preferences') return Promise.resolve(jsonResponse(200, { weeklyDigest: false }));
  return undefined;
}
