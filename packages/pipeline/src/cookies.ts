import { SESSION_COOKIE } from '@caseload/core/auth/login-sessions';
import { DEVICE_COOKIE } from '@caseload/core/auth/trusted-devices';
import { serializeCookie } from './http.ts';

export const sessionCookie = (session: { cookieValue: string; maxAge: number }, secure: boolean) =>
  serializeCookie(SESSION_COOKIE, session.cookieValue, { maxAge: session.maxAge, secure });

export const clearedSessionCookie = (secure: boolean) => serializeCookie(SESSION_COOKIE, '', { maxAge: 0, secure });

export const deviceCookie = (device: { cookieValue: string; maxAge: number }, secure: boolean) =>
  serializeCookie(DEVICE_COOKIE, device.cookieValue, { maxAge: device.maxAge, secure });
