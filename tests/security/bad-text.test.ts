import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_ALLOWED_CHARACTERS } from '../../packages/contract/src/common.ts';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { Agent } from '../support/api.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, pathFor, type Tenant } from '../support/tenant.ts';

/**
 * Text with control characters is refused in every text field of every route, with one message,
 * and nothing is stored; rich text too large for its record is refused with 413, never a 500.
 */

/** Paths of the sample body's free-text leaves (the sampler writes 'Sample text' into them). */
function textPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return value === 'Sample text' ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

function withValue(body: unknown, path: string[], value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

let tenant: Tenant;
beforeAll(async () => {
  tenant = await buildTenant();
}, 120_000);

const cases = routeList
  .filter((r) => r.body)
  .flatMap((route) => textPaths(bodyFor(route, { ids: {} } as Tenant)).map((path) => [`${route.name} ${path.join('.')}`, route, path] as const));

describe('control characters', () => {
  it('finds text fields to check in the manifest', () => {
    // Client, organization, user, session, goal and note text at least.
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('%s: refuses NUL, ESC, DEL and C1 controls, storing nothing', async (_name, route, path) => {
    const agent = route.auth === 'user' ? tenant.agent : route.auth === 'family' ? tenant.family : new Agent();
    const body = bodyFor(route, tenant);
    const before = await fingerprint(tenant.accountId);
    for (const bad of ['Ann\u0000', 'Ann\u001b[31m', 'Ann\u007f', 'Ann\u0085', 'Ann\ud800']) {
      const res = await agent.request(route.method, pathFor(route, tenant), withValue(body, path, bad));
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(NOT_ALLOWED_CHARACTERS);
    }
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });

  it('refuses line breaks and tabs in a single-line field, keeps them in free text', async () => {
    const base = { firstName: 'Ann', lastInitial: 'L', organizationId: tenant.ids.organizationId, status: 'active' };
    const name = await tenant.agent.post('/api/clients', { ...base, firstName: 'An\nn' });
    expect(name.status).toBe(400);
    expect(name.body.message).toBe(NOT_ALLOWED_CHARACTERS);
    expect((await tenant.agent.post('/api/clients', { ...base, firstName: 'An\tn' })).status).toBe(400);
    const free = await tenant.agent.post('/api/clients', { ...base, diagnosis: 'Line one\r\nLine two\tindented' });
    expect(free.status).toBe(201);
    expect(free.body.diagnosis).toBe('Line one\r\nLine two\tindented');
  });
});

describe('rich text near the record size limit', () => {
  it('refuses a note that would not fit its record with 413 naming the limit', async () => {
    if (!tenant.ids.noteId) throw new Error('the tenant has no progress note');
    // 99,000 three-byte characters, escaped by the sanitizer where they are markup: far past 300 KB.
    const content = `<p>${'語'.repeat(60_000)}${'<'.repeat(39_000)}</p>`;
    const before = await fingerprint(tenant.accountId);
    const res = await tenant.agent.request('PATCH', `/api/progress-notes/${tenant.ids.noteId}`, { content });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The text is too long to save: formatted text is limited to 300 KB.');
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });

  it('refuses an oversized session note and goal description the same way', async () => {
    const big = `<p>${'<'.repeat(90_000)}</p>`;
    const note = await tenant.agent.post(`/api/sessions/${tenant.ids.sessionId}/notes`, { clientId: tenant.ids.clientId, notes: big });
    expect(note.status).toBe(413);
    const goal = await tenant.agent.put(`/api/goals/${tenant.ids.goalId}`, { name: 'Goal', type: 'articulation', description: big, targetCriteria: '80%', status: 'active' });
    expect(goal.status).toBe(413);
  });
});
