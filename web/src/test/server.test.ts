import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, pending, takeUnmatchedRequests } from './fetch.ts';
import { mockRoutes } from './server.ts';

/** The test server fails a test on any call it has no handler for (setup.ts throws after the test). */
describe('the web test server', () => {
  it('refuses and records a call no route answers, so the test fails when it ends', async () => {
    mockRoutes({ 'GET /api/user': () => jsonResponse(200, {}) });
    expect((await fetch('/api/user')).status).toBe(200);
    await expect(fetch('/api/clients?limit=50')).rejects.toThrow('No test handler for GET /api/clients?limit=50');
    mockApi({});
    await expect(fetch('/api/sessions', { method: 'POST', body: '{}' })).rejects.toThrow('No test handler for POST /api/sessions');
    // Taken here so this test itself passes; left, setup.ts's afterEach would fail it.
    expect(takeUnmatchedRequests()).toEqual(['GET /api/clients?limit=50', 'POST /api/sessions']);
  });

  it('keeps a call loading only when the test says so', async () => {
    mockRoutes({ 'GET /api/account': pending });
    const settled = await Promise.race([fetch('/api/account').then(() => 'answered'), new Promise((r) => setTimeout(() => r('loading'), 50))]);
    expect(settled).toBe('loading');
    expect(takeUnmatchedRequests()).toEqual([]);
  });
});
