import { describe, expect, it } from 'vitest';
import { CACHED_API_READ } from './offline-reads.ts';

describe('API reads kept for offline use', () => {
  it.each(['/api/sessions/abc', '/api/sessions/abc/progress', '/api/goals?clientId=1', '/api/user'])('keeps %s', (path) => {
    expect(CACHED_API_READ.test(`http://127.0.0.1:3000${path}`)).toBe(true);
  });
  it.each(['/api/progress-notes/1/pdf', '/api/service-log/export?from=2026-09-01', '/api/service-minutes/export', '/api/2fa/setup', '/clients/1', '/assets/index.js'])(
    'never keeps %s',
    (path) => {
      expect(CACHED_API_READ.test(`http://127.0.0.1:3000${path}`)).toBe(false);
    },
  );
});
