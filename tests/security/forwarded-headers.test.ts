/**
 * Issue 26: the origin check never trusts a client-sent X-Forwarded-Host, and the local server
 * (which no proxy fronts) drops every forwarding header a client sends, X-Forwarded-Proto included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../../packages/local/src/server.ts';
import { PASSWORD, signUpOwner } from '../support/accounts.ts';

describe('forwarded headers', () => {
  it('refuses a cross-origin POST whose forged X-Forwarded-Host matches its Origin', async () => {
    const { agent } = await signUpOwner();
    const forged = await agent.request('POST', '/api/organizations', { name: 'Evil Elementary' }, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('Cross-site requests are not allowed');
    // Its own origin still passes, whatever X-Forwarded-Host says.
    const own = await agent.request('POST', '/api/organizations', { name: 'Alder Elementary' }, { origin: 'http://localhost:3000', 'x-forwarded-host': 'evil.example' });
    expect(own.status).toBe(201);
  });

  describe('over the local server', () => {
    const server = createLocalServer({ webDir: 'web/dist' });
    let base = '';
    let host = '';
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      host = `127.0.0.1:${(server.address() as { port: number }).port}`;
      base = `http://${host}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    const register = (headers: Record<string, string>) =>
      fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: `f-${randomUUID()}@district.test`, password: PASSWORD, firstName: 'Fay', lastName: 'Lee', accountName: 'Fir District', role: 'slp' }),
      });

    it('refuses a cross-origin POST with forged X-Forwarded-Host and Forwarded headers', async () => {
      const res = await register({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=https' });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    });

    it('compares the Origin with its own Host', async () => {
      expect((await register({ origin: base })).status).toBe(201);
    });

    it('ignores a client-sent X-Forwarded-Proto: the cookie is Secure only when the deployment says so', async () => {
      const res = await register({ origin: base, 'x-forwarded-proto': 'https' });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('caseload_session='))!;
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/; Secure/);
    });
  });
});
