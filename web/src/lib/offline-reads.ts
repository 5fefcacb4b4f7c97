import { API_READ_CACHE } from '@caseload/contract/offline-reads';

/**
 * Drops the service worker's copy of API reads (see web/vite.config.ts): it holds client records,
 * so it goes whenever the signed-in person changes (sign-out, an ended session, a sign-in).
 */
export function forgetCachedReads(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(API_READ_CACHE).catch(() => undefined);
}
