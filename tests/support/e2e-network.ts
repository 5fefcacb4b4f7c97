import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll } from 'vitest';

/**
 * The school Wi-Fi going down and coming back, on both sides, for one test file. `context.setOffline`
 * is the browser's side (navigator.onLine false, every fetch fails) but not a wall: while a reload
 * navigates away, Chromium fires 'online' in the departing page and lets the requests that event
 * starts out (in every run the departing page opened a connection; in about one run in ten its save
 * was stored). A dead network lets nothing through, so the server's side goes down too: its open
 * connections are dropped and new ones closed at once. API clients that call the handlers without a
 * socket still read the server.
 */
export function useNetworkSwitch() {
  const serverSockets = new Set<Socket>();
  let serverReachable = true;
  /** Requests the server began to answer: while the network is down, none may. */
  let serverRequests = 0;
  const onServerSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    if (!serverReachable) return void socket.destroy();
    serverSockets.add(socket);
    socket.once('close', () => serverSockets.delete(socket));
  };
  const onServerRequest = () => void serverRequests++;
  subscribe('net.server.socket', onServerSocket);
  subscribe('http.server.request.start', onServerRequest);
  afterAll(() => {
    unsubscribe('net.server.socket', onServerSocket);
    unsubscribe('http.server.request.start', onServerRequest);
  });
  return {
    async setNetwork(context: BrowserContext, state: 'offline' | 'online') {
      serverReachable = state === 'online';
      if (!serverReachable) for (const socket of serverSockets) socket.destroy();
      await context.setOffline(!serverReachable);
    },
    serverRequests: () => serverRequests,
  };
}
