import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer, SPA_CSP } from '../../packages/local/src/server.ts';
import { signUpOwner } from '../support/accounts.ts';
import { Agent } from '../support/api.ts';

/** What a passive scanner checks: cookie flags, caching, CSP, sniffing, framing, banners, traces. */
describe('headers and cookies', () => {
  it('sets the session cookie HttpOnly, SameSite=Strict, and Secure behind HTTPS', async () => {
    const https = new Agent({ 'x-forwarded-proto': 'https' });
    const res = await https.post('/api/register', { email: `h-${crypto.randomUUID()}@x.test`, password: 'Sample-password-1!', firstName: 'H', lastName: 'T', accountName: 'H', role: 'slp' });
    const cookie = res.cookies.find((c) => c.startsWith('caseload_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
  });

  it('puts no-store and the security headers on every API answer, success or error', async () => {
    const { agent } = await signUpOwner();
    for (const res of [await agent.get('/api/user'), await agent.get('/api/nope'), await new Agent().get('/api/user'), await agent.post('/api/login', 'x')]) {
      expect(res.headers['Cache-Control']).toBe('no-store');
      expect(res.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(res.headers['X-Frame-Options']).toBe('DENY');
      expect(res.headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
      expect(Object.keys(res.headers).map((h) => h.toLowerCase())).not.toContain('x-powered-by');
    }
  });

  describe('over HTTP', () => {
    const server = createLocalServer({ webDir: 'web/dist' });
    let base = '';
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it('serves screens with a strict CSP and no server banner', async () => {
      const res = await fetch(`${base}/clients`);
      expect(res.headers.get('content-security-policy')).toBe(SPA_CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('server')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('answers an unknown API path with JSON, never a page or a stack trace', async () => {
      const res = await fetch(`${base}/api/does/not/exist`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.text()).toBe('{"message":"Not found"}');
    });
  });
});
