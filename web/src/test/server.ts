import type { Client } from '@caseload/contract/caseload';
import { accountSettings, jsonResponse, mockFetch, testUser, unmatchedRequest } from './fetch.ts';

export interface RouteRequest {
  url: URL;
  query: URLSearchParams;
  body: unknown;
  signal?: AbortSignal | null;
}
type Route = (request: RouteRequest) => Response | Promise<Response>;

/**
 * Answers 'METHOD /path' keys (the path without its query string, which the handler reads). Any
 * other call fails the test (unmatchedRequest): a screen calling a route the test does not answer
 * cannot pass by loading forever. A part of the page that should keep loading gets `pending`.
 */
export function mockRoutes(routes: Record<string, Route>) {
  return mockFetch(({ method, url, init }) => {
    const parsed = new URL(url, 'http://app.test');
    const route = routes[`${method} ${parsed.pathname}`];
    if (!route) return accountSettings(method, url) ?? unmatchedRequest(method, url);
    return route({ url: parsed, query: parsed.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined, signal: init.signal });
  });
}

const clientName = (c: Client) => `${c.firstName} ${c.lastInitial}`;

/**
 * GET /api/clients as the server answers it: assignedTo ('me' is `userId`), status, organization,
 * grade and name-prefix search, sorted by name; with `limit`, a page whose cursor is the offset.
 */
export function clientsAnswer(query: URLSearchParams, clients: readonly Client[], userId = testUser.id): Response {
  const assignedTo = query.get('assignedTo') ?? 'all';
  const assignee = assignedTo === 'me' ? userId : assignedTo;
  const search = (query.get('search') ?? '').trim().toLocaleLowerCase();
  const matches = clients
    .filter(
      (c) =>
        (assignedTo === 'all' || c.clinicianIds.includes(assignee)) &&
        (!query.get('status') || c.status === query.get('status')) &&
        (!query.get('organizationId') || c.organizationId === query.get('organizationId')) &&
        (!query.get('gradeLevel') || c.gradeLevel === query.get('gradeLevel')) &&
        (!search || clientName(c).toLocaleLowerCase().startsWith(search)),
    )
    .sort((a, b) => clientName(a).localeCompare(clientName(b)) || a.id.localeCompare(b.id));
  const limit = query.get('limit');
  if (limit === null) return jsonResponse(200, matches);
  const offset = Number(query.get('cursor') ?? 0);
  const end = offset + Number(limit);
  return jsonResponse(200, { items: matches.slice(offset, end), ...(end < matches.length ? { nextCursor: String(end) } : {}) });
}
