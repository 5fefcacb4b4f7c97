import { SIGNED_IN_HINT_COOKIE } from '@caseload/contract/auth';
import { SESSION_COOKIE } from '@caseload/core/auth/login-sessions';
import { DEVICE_COOKIE } from '@caseload/core/auth/trusted-devices';
import { serializeCookie } from './http.ts';

/**
 * The login session's cookie (HttpOnly) and, beside it, a hint the app can read that a session may
 * exist (no secret: '1'). Without the hint the app knows nobody signed in on this device and asks
 * the server nothing, so an ordinary sign-in page load makes no 401 (and no console error).
 */
export const sessionCookies = (session: { cookieValue: string; maxAge: number }, secure: boolean) => [
  serializeCookie(SESSION_COOKIE, session.cookieValue, { maxAge: session.maxAge, secure }),
  serializeCookie(SIGNED_IN_HINT_COOKIE, '1', { maxAge: session.maxAge, secure, httpOnly: false }),
];

export const clearedSessionCookies = (secure: boolean) => [
  serializeCookie(SESSION_COOKIE, '', { maxAge: 0, secure }),
  serializeCookie(SIGNED_IN_HINT_COOKIE, '', { maxAge: 0, secure, httpOnly: false }),
];

export const deviceCookie = (device: { cookieValue: string; maxAge: number }, secure: boolean) =>
  serializeCookie(DEVICE_COOKIE, device.cookieValue, { maxAge: device.maxAge, secure });
