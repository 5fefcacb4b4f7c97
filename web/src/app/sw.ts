/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file; registered in
 * app/service-worker.ts). It serves the app's code from the precache, so the app opens on a dead
 * school Wi-Fi, and keeps only the API reads part 4 §2 allows (the session page's, see
 * @caseload/contract/offline-reads) in the signed-in user's own cache.
 *
 * Written by hand rather than generated because the cache is named for a user: the page creates
 * that cache at sign-in and deletes every user cache at sign-out (lib/device.ts), and this worker
 * only ever writes into a user cache that exists. So a read answered after sign-out is not kept,
 * and another person signing in on the same device never sees the last one's answers.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isOfflineRead, isUserReadCache } from '@caseload/contract/offline-reads';

/** The parts of ServiceWorkerGlobalScope used here (the project's types are the DOM's, not a worker's). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
}

const worker = self as unknown as WorkerScope;

void worker.skipWaiting();
clientsClaim();
// Written out as `self.__WB_MANIFEST`: the build looks for exactly that text to put the list in.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// Screen paths get the app shell; /api never does.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

/** The signed-in user's cache, if someone is signed in on this device (the page made it). */
async function userCache(): Promise<string | undefined> {
  return (await caches.keys()).find(isUserReadCache);
}

/**
 * Network first: online, every read is fresh and the user's copy is updated; offline, the copy
 * read last on this device. Nothing is kept when nobody is signed in.
 */
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === worker.location.origin && isOfflineRead(url.pathname),
  async ({ request }) => {
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        // Looked up after the answer: a sign-out while it was on its way leaves no cache to write to.
        const name = await userCache();
        if (name) await (await caches.open(name)).put(request, response.clone());
      }
      return response;
    } catch (error) {
      const name = await userCache();
      const kept = name ? await (await caches.open(name)).match(request) : undefined;
      if (kept) return kept;
      throw error;
    }
  },
);
