import { describe, expect, it } from 'vitest';
import { buildPath, routeList } from '../../packages/contract/src/manifest.ts';
import { Agent } from '../support/api.ts';

/**
 * Generated from the route manifest: every route that needs a signed-in user exists (never a 404 or
 * 405) and answers 401 to a visitor without a session cookie, before any input is looked at.
 */
const sampleId = '00000000-0000-4000-8000-000000000000';
const signedInRoutes = routeList.filter((r) => r.auth === 'user');

describe('sign-in required', () => {
  it('covers the routes of both spec parts', () => {
    expect(signedInRoutes.length).toBeGreaterThanOrEqual(45);
  });

  it.each(signedInRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 401 without a cookie', async (_name, route) => {
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, sampleId]));
    const res = await new Agent().request(route.method, buildPath(route.path, params), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: expect.any(String) });
  });
});

/**
 * The family's routes (part 4 §6) need the family's own cookie for the share the token names: 401
 * without it, whatever else the request carries.
 */
describe("a family's code entered", () => {
  const familyRoutes = routeList.filter((r) => r.auth === 'family');
  const token = `${sampleId}_${sampleId}_${'A'.repeat(22)}`;

  it('covers the report, its PDF and the acknowledgement', () => {
    expect(familyRoutes.map((r) => r.name).sort()).toEqual(['acknowledgeFamilyShare', 'downloadFamilyReportPdf', 'getFamilyReport']);
  });

  it.each(familyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 401 without the family cookie', async (_name, route) => {
    const res = await new Agent().request(route.method, buildPath(route.path, { token }), route.method === 'GET' ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: expect.any(String) });
  });
});
