import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, pathFor, type Tenant } from '../support/tenant.ts';

/**
 * Generated from the route manifest: every signed-in route, called by account A with account B's
 * ids and bodies that point at B's records. B's data never changes and never shows up in A's answers.
 */
let a: Tenant;
let b: Tenant;
let before: string;

beforeAll(async () => {
  [a, b] = await Promise.all([buildTenant(), buildTenant()]);
  before = await fingerprint(b.accountId);
}, 120_000);

const userRoutes = routeList.filter((r) => r.auth === 'user');

describe('tenant isolation', () => {
  it.each(userRoutes.filter((r) => r.path.includes('{')).map((r) => [r.name, r] as const))('%s with another account\'s ids answers 404 and changes nothing', async (_name, route) => {
    const res = await a.agent.request(route.method, pathFor(route, b), bodyFor(route, b));
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.body ?? '')).not.toContain(b.marker);
    expect(await fingerprint(b.accountId)).toBe(before);
  });

  it.each(userRoutes.filter((r) => !r.path.includes('{')).map((r) => [r.name, r] as const))('%s never reads or writes another account\'s records', async (_name, route) => {
    const res = await a.agent.request(route.method, pathFor(route, a), route.body ? bodyFor(route, b) : bodyFor(route, a));
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body ?? '')).not.toContain(b.marker);
    expect(await fingerprint(b.accountId)).toBe(before);
  });

  it('shows each account only its own records in every list and aggregate', async () => {
    for (const route of userRoutes.filter((r) => r.method === 'GET' && !r.path.includes('{'))) {
      const res = await b.agent.request('GET', pathFor(route, b));
      expect(JSON.stringify(res.body ?? '')).not.toContain(a.marker);
    }
  });
});
