import { beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags, type PermissionFlag } from '../../packages/contract/src/enums.ts';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { createChild } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, pathFor, type Tenant } from '../support/tenant.ts';

/**
 * Generated from the route manifest: for every route guarded by a permission flag, a child user
 * holding every flag except that one is refused with 403, and nothing of the account changes.
 */
const guarded = routeList.filter((r) => r.permission);
const flagsInUse = [...new Set(guarded.map((r) => r.permission!))];

let tenant: Tenant;
const childWithout = new Map<PermissionFlag, Agent>();

beforeAll(async () => {
  tenant = await buildTenant();
  for (const flag of flagsInUse) {
    const permissions = Object.fromEntries(permissionFlags.map((f) => [f, f !== flag]));
    childWithout.set(flag, (await createChild(tenant.agent, { ...permissions, allowedOrganizationIds: [] })).agent);
  }
}, 180_000);

describe('permission matrix', () => {
  it('covers every flag the manifest uses', () => {
    expect(flagsInUse.length).toBeGreaterThanOrEqual(10);
  });

  it.each(guarded.map((r) => [r.name, r.permission, r] as const))('%s needs %s: 403 without it, nothing changes', async (_name, flag, route) => {
    const before = await fingerprint(tenant.accountId);
    const res = await childWithout.get(flag!)!.request(route.method, pathFor(route, tenant), bodyFor(route, tenant));
    expect(res.status).toBe(403);
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });
});
