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

type Answer = (body: unknown) => Response | Promise<Response>;

/**
 * Answers 'METHOD /path?query' keys with the given functions (called with the parsed JSON body).
 * Any other call never settles, so pages the test is not about just keep loading.
 */
export function mockApi(answers: Record<string, Answer>) {
  return mockFetch(({ method, url, init }) => {
    const answer = answers[`${method} ${url}`];
    if (!answer) return new Promise<Response>(() => {});
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
export const testAccount = (timeZone = BROWSER_ZONE) => ({ id: testUser.accountId, name: testUser.accountName, timeZone });
