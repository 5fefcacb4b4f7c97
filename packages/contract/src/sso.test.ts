import { describe, expect, it } from 'vitest';
import { emailDomain, ENTRA_SHARED_ISSUER, isDomain, ISSUER_HTTPS, issuerProblem, normalizeDomain, ssoSettingsBody } from './sso.ts';

describe('SSO issuer rule', () => {
  it('accepts https issuers and http only on this machine', () => {
    expect(issuerProblem('https://accounts.google.com')).toBeUndefined();
    expect(issuerProblem('https://login.microsoftonline.com/0b3c1a2e-1111-4222-8333-444455556666/v2.0')).toBeUndefined();
    expect(issuerProblem('http://localhost:4010')).toBeUndefined();
    expect(issuerProblem('http://127.0.0.1:4010')).toBeUndefined();
    expect(issuerProblem('http://idp.example.org')).toBe(ISSUER_HTTPS);
    expect(issuerProblem('http://127.0.0.1.example.org')).toBe(ISSUER_HTTPS);
    expect(issuerProblem('not a url')).toBe(ISSUER_HTTPS);
  });

  it("refuses Entra's shared issuers, naming the tenant issuer instead", () => {
    for (const shared of ['common', 'organizations', 'consumers', 'Common']) {
      expect(issuerProblem(`https://login.microsoftonline.com/${shared}/v2.0`)).toBe(ENTRA_SHARED_ISSUER);
    }
  });
});

describe('SSO domains', () => {
  it('normalizes and recognizes e-mail domains', () => {
    expect(normalizeDomain(' @District.ORG ')).toBe('district.org');
    expect(isDomain('staff.district.org')).toBe(true);
    expect(isDomain('localhost')).toBe(false);
    expect(isDomain('-bad.org')).toBe(false);
    expect(emailDomain('Pat@District.org')).toBe('district.org');
    expect(emailDomain('no-at-sign')).toBeUndefined();
    expect(emailDomain('@district.org')).toBeUndefined();
  });

  it('takes 1 to 10 distinct domains', () => {
    const body = { issuer: 'https://idp.example.org', clientId: 'c', emailDomains: ['a.org'], passwordSignIn: 'everyone' };
    expect(ssoSettingsBody.safeParse(body).success).toBe(true);
    expect(ssoSettingsBody.safeParse({ ...body, emailDomains: [] }).error?.issues[0]?.message).toBe('Enter 1 to 10 e-mail domains');
    expect(ssoSettingsBody.safeParse({ ...body, emailDomains: ['a.org', 'A.org'] }).success).toBe(false);
  });
});
