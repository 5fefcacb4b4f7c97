import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // The service worker (src/app/sw.ts): the app's code precached, so a clinician who reloads the
    // session page on a dead school Wi-Fi still gets the app, and only that page's reads kept, in
    // the signed-in user's own cache (part 4 §2), while unsent scores wait in lib/offline-queue.ts.
    VitePWA({
      injectRegister: false,
      manifest: false,
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico,woff2}'],
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
