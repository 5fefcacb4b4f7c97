/**
 * Which API reads the SPA's service worker keeps for offline use (web/vite.config.ts), and under
 * what name the web forgets them (web/src/lib/offline-reads.ts): JSON records, never a PDF, a CSV
 * export or anything of two-step sign-in. A RegExp, because Workbox writes the route into the
 * generated worker as source text.
 */
export const API_READ_CACHE = 'caseload-api-reads';
export const CACHED_API_READ = /\/api\/(?!2fa\/)(?![^?]*\/(?:pdf|export)(?:\?|$))/;
