import { describe, expect, it } from 'vitest';
import { buildPath, routeList } from '../../packages/contract/src/manifest.ts';
import { Agent } from '../support/api.ts';

const sample = (path: string) =>
  buildPath(path, { id: crypto.randomUUID(), clientId: crypto.randomUUID(), userId: crypto.randomUUID(), goalId: crypto.randomUUID(), jobId: crypto.randomUUID(), iepId: crypto.randomUUID(), shareId: crypto.randomUUID(), language: 'es' });

describe('handler pipeline', () => {
  const agent = new Agent();

  it.each(routeList.filter((r) => r.auth === 'user').map((r) => [r.name, r] as const))(
    '%s answers 401 without a cookie, with no-store and security headers',
    async (_name, route) => {
      const res = await agent.request(route.method, sample(route.path), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body).toHaveProperty('message');
      expect(res.headers['Cache-Control']).toBe('no-store');
      expect(res.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(res.headers['X-Frame-Options']).toBe('DENY');
    },
  );

  it('answers a JSON 404 for an unknown API path and 405 for a wrong method', async () => {
    const res = await agent.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
    expect((await agent.request('PATCH', '/api/clients')).status).toBe(405);
  });

  it('refuses a body that is not application/json (415), malformed JSON (400) and oversized bodies (413)', async () => {
    expect((await agent.request('POST', '/api/login', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const malformed = await agent.request('POST', '/api/login', '{"username":', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON');
    const huge = await agent.request('POST', '/api/login', JSON.stringify({ username: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
  });

  it('refuses a foreign Origin and Sec-Fetch-Site: cross-site with 403', async () => {
    const foreign = await agent.request('POST', '/api/login', { username: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const crossSite = await agent.request('GET', '/api/user', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await agent.request('GET', '/api/user', undefined, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(401);
  });

  it('answers 400 with the spec message and a list of errors for invalid input', async () => {
    const res = await agent.post('/api/login', { username: 'not-an-email', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('answers 401 with X-Session-Expired for a cookie whose session does not exist', async () => {
    const res = await agent.request('GET', '/api/user', undefined, { cookie: `caseload_session=${crypto.randomUUID()}.${crypto.randomUUID()}.abc` });
    expect(res.status).toBe(401);
    expect(res.headers['X-Session-Expired']).toBe('true');
  });
});
