import { afterEach, describe, expect, it } from 'vitest';
import { requestOrigin, type ApiEvent } from './http.ts';

const event = (headers: Record<string, string>) => ({ headers }) as unknown as ApiEvent;

describe('requestOrigin (the SSO redirect URI names it)', () => {
  const site = process.env.ALLOWED_ORIGIN;
  afterEach(() => {
    if (site === undefined) delete process.env.ALLOWED_ORIGIN;
    else process.env.ALLOWED_ORIGIN = site;
  });

  it("is the request's own host and scheme under npm start", () => {
    delete process.env.ALLOWED_ORIGIN;
    expect(requestOrigin(event({ host: '127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000');
    expect(requestOrigin(event({ host: 'caseload.test', 'x-forwarded-proto': 'https' }))).toBe('https://caseload.test');
  });

  it("is the site's origin behind CloudFront, where the Host is the API's own domain", () => {
    process.env.ALLOWED_ORIGIN = 'https://caseload.district.org';
    expect(requestOrigin(event({ host: 'abc123.execute-api.us-east-1.amazonaws.com', 'x-forwarded-proto': 'https' }))).toBe('https://caseload.district.org');
  });
});
