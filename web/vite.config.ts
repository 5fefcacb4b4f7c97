import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_READ_CACHE, CACHED_API_READ } from '../packages/contract/src/offline-reads.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // A Workbox service worker (generated at build time, nothing downloaded) so a clinician who
    // reloads or reopens the session page on a dead school Wi-Fi still gets the app and the
    // records it last read, while its unsent scores wait in the offline queue (lib/offline-queue.ts).
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,ico,woff2}'],
        // Screen paths get the app shell; /api never does.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Network first: online, every read is fresh; offline, the last answer read on this
            // device. Forgotten at sign-out and sign-in (lib/offline-reads.ts).
            urlPattern: CACHED_API_READ,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_READ_CACHE,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 12 * 60 * 60 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are React.lazy chunks (see src/app/routes.tsx). The entry holds React, Chakra and the
    // contract's schemas; its real limit is the 200 KB gzip budget, checked by scripts/first-load-size.mjs.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3001' },
  },
});
