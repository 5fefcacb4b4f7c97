import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Headers on every API answer: nothing cached, nothing sniffed or framed, no server banner. */
export const securityHeaders: Record<string, string> = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export function json(status: number, body: unknown, extra: Partial<ApiResult> = {}): ApiResult {
  return {
    statusCode: status,
    ...extra,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...securityHeaders, ...(extra.headers as Record<string, string>) },
    body: JSON.stringify(body),
  };
}

export function parseCookies(event: ApiEvent): Record<string, string> {
  const out: Record<string, string> = {};
  const all = [...(event.cookies ?? []), ...(event.headers?.cookie ? event.headers.cookie.split(';') : [])];
  for (const c of all) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    const name = c.slice(0, i).trim();
    if (!(name in out)) {
      try {
        out[name] = decodeURIComponent(c.slice(i + 1).trim());
      } catch {
        out[name] = c.slice(i + 1).trim();
      }
    }
  }
  return out;
}

/** Whether the request came over HTTPS, so cookies get `Secure`. Local HTTP development does not. */
export function isHttps(event: ApiEvent): boolean {
  const proto = event.headers?.['x-forwarded-proto'];
  if (proto) return proto.split(',')[0]!.trim() === 'https';
  return process.env.COOKIE_SECURE === 'true';
}

export function serializeCookie(
  name: string,
  value: string,
  /** `httpOnly` false only for a cookie the app itself reads, which never holds a secret. */
  opts: { maxAge: number; secure: boolean; path?: string; sameSite?: 'Strict' | 'Lax'; httpOnly?: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`, `Max-Age=${opts.maxAge}`, ...(opts.httpOnly === false ? [] : ['HttpOnly']), `SameSite=${opts.sameSite ?? 'Strict'}`];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The origin the browser sent this request to (`https://caseload.district.org`): what a redirect
 * back to this app, such as the SSO redirect URI, must name. In the cloud, the site's origin the
 * stack sets (ALLOWED_ORIGIN): CloudFront forwards every viewer header except Host, so the Host
 * there is the API's own domain, never the site's. Under `npm start`, the request's Host and scheme.
 */
export function requestOrigin(event: ApiEvent): string {
  const site = process.env.ALLOWED_ORIGIN;
  if (site) return site;
  const host = event.headers?.host ?? 'localhost';
  return `${isHttps(event) ? 'https' : 'http'}://${host}`;
}
