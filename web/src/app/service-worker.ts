/// <reference types="vite/client" />

/**
 * Registers the Workbox service worker of a production build (never under the dev server or in
 * tests): it serves the app shell and the last API reads when the network is gone, so a reload on
 * a dead school Wi-Fi still opens the session being scored (web/vite.config.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  await new Workbox('/sw.js').register();
}
