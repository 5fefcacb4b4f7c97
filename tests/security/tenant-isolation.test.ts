import { beforeAll, describe, expect, it } from 'vitest';
import { familyToken } from '../../packages/contract/src/families.ts';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, PATH_ID_KINDS, pathFor, pathParams, type Tenant } from '../support/tenant.ts';

/**
 * Generated from the route manifest: every signed-in route, called by account A with account B's
 * ids and bodies that point at B's records. B holds one of every kind of record (tenant.ts), each
 * route with a path id is called with a real B record of the kind it names (PATH_ID_KINDS), and
 * the answer is exactly the one expected (404 unless listed below). B's data never changes and
 * never shows up in A's answers.
 */
let a: Tenant;
let b: Tenant;
let before: string;

beforeAll(async () => {
  [a, b] = await Promise.all([buildTenant(), buildTenant()]);
  before = await fingerprint(b.accountId);
}, 180_000);

const userRoutes = routeList.filter((r) => r.auth === 'user');
const withPathId = userRoutes.filter((r) => r.path.includes('{'));
const withoutPathId = userRoutes.filter((r) => !r.path.includes('{'));

/**
 * Cross-tenant answers other than 404, each deliberate. A body naming another account's
 * organization is refused as a choice the caller does not have (400 'Choose one of your
 * organizations', the same answer as for a random id); a bulk job answers per student, so another
 * account's student is one failed line of a 202 job (checked below).
 */
const NOT_404: Record<string, number> = {
  createClient: 400,
  createUser: 400,
  bulkGenerateProgressNotes: 202,
};
type Route = (typeof routeList)[number];
const expectedStatus = (route: Route) => NOT_404[route.name] ?? 404;

/** Whether a call's sample body and query name any of a tenant's records (decided before the tenants exist, with stand-in ids). */
const standIn = { ids: Object.fromEntries(Object.values(PATH_ID_KINDS).flatMap((kinds) => Object.values(kinds)).map((k) => [k, crypto.randomUUID()])) } as unknown as Tenant;
const namesB = (route: Route) => {
  const call = `${route.query ? pathFor({ ...route, path: '/q' }, standIn) : ''} ${JSON.stringify(bodyFor(route, standIn) ?? null)}`;
  return Object.values(standIn.ids).some((id) => id !== undefined && call.includes(id));
};

describe('tenant isolation', () => {
  it('gives every path id of the manifest a real record of the right kind, which the sample tenant holds', () => {
    const missing: string[] = [];
    for (const route of routeList) {
      for (const param of pathParams(route.path)) {
        const kind = PATH_ID_KINDS[route.path]?.[param];
        if (!kind) missing.push(`${route.name} ${route.path} {${param}}: no kind`);
        else if (!(kind === 'familyToken' ? familyToken.safeParse(b.ids[kind]).success : kind === 'translationLanguage' ? b.ids[kind] === 'es' : /^[0-9a-f-]{36}$/.test(b.ids[kind] ?? ''))) missing.push(`${route.name} {${param}}: the tenant holds no ${kind}`);
      }
    }
    expect(missing).toEqual([]);
    // Nothing listed for a path the manifest no longer has.
    expect(Object.keys(PATH_ID_KINDS).filter((p) => !routeList.some((r) => r.path === p))).toEqual([]);
  });

  it('holds one of every kind of record, each visible to its own account with its marker or id', async () => {
    const own = async (url: string) => {
      const res = await b.agent.get(url);
      expect(res.status, url).toBe(200);
      return JSON.stringify(res.body);
    };
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
    expect(await own('/api/clients')).toContain(b.marker);
    const signedNotes = await own(`/api/sessions/${b.ids.signedSessionId}/notes`);
    expect(signedNotes).toContain(`${b.marker} signed`);
    expect(signedNotes).toContain('"signature":{');
    expect(await own(`/api/service-log?from=${monthAgo}&to=${today}&assignedTo=all`)).toContain(b.ids.signedSessionId);
    expect(await own(`/api/session-series/${b.ids.seriesId}`)).toContain(b.ids.clientId);
    expect(await own('/api/goal-bank')).toContain(`${b.marker} template`);
    expect(await own('/api/closures')).toContain(`${b.marker} closure`);
    expect(await own('/api/reporting-periods')).toContain(`${b.marker} period`);
    expect(await own(`/api/clients/${b.ids.clientId}/ieps`)).toContain(b.ids.iepId);
    expect(await own(`/api/clients/${b.ids.clientId}/progress-notes`)).toContain(b.ids.noteId);
    expect(await own(`/api/generate-progress-notes-bulk/${b.ids.jobId}`)).toContain(b.ids.jobId);
    expect(await own('/api/users')).toContain(b.ids.childUserId);
  });

  it.each(withPathId.map((r) => [r.name, expectedStatus(r), r] as const))("%s with another account's ids answers exactly %i and changes nothing", async (_name, status, route) => {
    const res = await a.agent.request(route.method, pathFor(route, b), bodyFor(route, b));
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body ?? '')).not.toContain(b.marker);
    expect(await fingerprint(b.accountId)).toBe(before);
  });

  it.each(withoutPathId.filter(namesB).map((r) => [r.name, expectedStatus(r), r] as const))(
    "%s with a body or query naming another account's records answers exactly %i and changes nothing",
    async (_name, status, route) => {
      const res = await a.agent.request(route.method, pathFor(route, b), bodyFor(route, b));
      expect(res.status).toBe(status);
      if (route.name === 'bulkGenerateProgressNotes') expect(res.body).toMatchObject({ total: 1, successCount: 0, errorCount: 1 });
      expect(JSON.stringify(res.body ?? '')).not.toContain(b.marker);
      expect(await fingerprint(b.accountId)).toBe(before);
    },
  );

  it.each(withoutPathId.filter((r) => !namesB(r)).map((r) => [r.name, r] as const))("%s never reads or writes another account's records", async (_name, route) => {
    const res = await a.agent.request(route.method, pathFor(route, a), bodyFor(route, a));
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body ?? '')).not.toContain(b.marker);
    expect(await fingerprint(b.accountId)).toBe(before);
  });

  it('shows each account only its own records in every list and aggregate', async () => {
    for (const route of withoutPathId.filter((r) => r.method === 'GET')) {
      const res = await b.agent.request('GET', pathFor(route, b));
      expect(JSON.stringify(res.body ?? '')).not.toContain(a.marker);
    }
  });
});
