import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { Agent } from '../support/api.ts';
import { fingerprint, settledFingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, pathFor, type Tenant } from '../support/tenant.ts';

/**
 * Property-based: for every route with a body, random and hostile values never give a 5xx, and a
 * refused request never changes stored data.
 */
const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '\ud800', 'ß', 'İ', 'ﬀ', '🧑‍⚕️', 'a\u0301', '<script>alert(1)</script>', 'javascript:alert(1)', '../../etc/passwd', '${7*7}', "' OR 1=1 --", '2026-02-30T25:61:00Z', 'NaN', '-1', '1e309'),
  fc.constant('x'.repeat(300_000)),
);
const hostileLeaf = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, -0));
const deepNest = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
});
const protoPollution = fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"__proto__":null}');

/** A valid body with one property replaced by a hostile value, or a wholly hostile body. */
const hostileBody = (valid: unknown) =>
  fc.oneof(
    fc.anything({ maxDepth: 3 }),
    deepNest,
    hostileLeaf,
    valid && typeof valid === 'object'
      ? fc.tuple(fc.constantFrom(...Object.keys(valid), '__proto__', 'constructor'), fc.oneof(hostileLeaf, fc.anything({ maxDepth: 2 }), deepNest)).map(([k, v]) => ({ ...(valid), [k]: v }))
      : hostileLeaf,
  );

let tenant: Tenant;
beforeAll(async () => {
  tenant = await buildTenant();
}, 120_000);

describe('hostile input', () => {
  it.each(routeList.filter((r) => r.body).map((r) => [r.name, r] as const))('%s: never a 5xx, refused input changes nothing', async (_name, route) => {
    const agent = route.auth === 'user' ? tenant.agent : route.auth === 'family' ? tenant.family : new Agent();
    const valid = bodyFor(route, tenant);
    const path = pathFor(route, tenant);
    // Only an accepted request can leave work running (a bulk job): the state is read settled
    // after one, and at once after a refusal, which changes nothing.
    let accepted = true;
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileBody(valid).map((b) => JSON.stringify(b) ?? 'null'), protoPollution), async (raw) => {
        const before = accepted ? await settledFingerprint(tenant.accountId) : await fingerprint(tenant.accountId);
        const res = await agent.request(route.method, path, raw, { 'content-type': 'application/json' });
        accepted = res.status < 400;
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body?.message).toBe('string');
          expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules|stack/i);
          expect(await fingerprint(tenant.accountId)).toBe(before);
        }
      }),
      { numRuns: 25, seed: 20261121 },
    );
  });
});
