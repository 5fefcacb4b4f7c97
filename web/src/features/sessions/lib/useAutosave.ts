import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { Autosaver, type AutosaveState, type AutosaverOptions } from './autosave.ts';

/**
 * React side of {@link Autosaver}. Savers live in a module registry keyed by field (e.g.
 * `notes:<session>:<client>`), not in the component, so that:
 * - leaving the page (a route change unmounts it) flushes a waiting change, and a save that fails
 *   after that keeps being retried while the app is open instead of being dropped with the component
 *   (leaving while a save is failing repeats the failure toast, so it is not silent);
 * - coming back to the page shows the text that is still unsaved, with its 'Error saving' state;
 * - closing or reloading the tab with something unsaved asks first (beforeunload) and sends the
 *   newest value with `keepalive` on pagehide; hiding the tab (phones) flushes too.
 *
 * The app uses a declarative router (BrowserRouter; see app/routes.tsx), where react-router's
 * useBlocker is not available; flushing on unmount covers in-app navigation instead of a prompt.
 */

interface Entry {
  saver: Autosaver<unknown>;
  users: number;
}

const registry = new Map<string, Entry>();
let listening = false;

function everySaver(action: (saver: Autosaver<unknown>) => void) {
  for (const entry of registry.values()) action(entry.saver);
}

/** Whether any field anywhere in the app has a change the server has not confirmed. */
export function hasUnsavedChanges(): boolean {
  for (const entry of registry.values()) if (entry.saver.hasUnsaved()) return true;
  return false;
}

function listenToPage() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => everySaver((saver) => saver.retryNow()));
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsavedChanges()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });
  window.addEventListener('pagehide', () => everySaver((saver) => saver.flushOnUnload()));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') everySaver((saver) => void saver.flush({ keepalive: true }));
  });
}

/**
 * Forgets a saver nobody shows once it has nothing left to send. The saver itself stays usable: a
 * component that remounts at once (React's strict mode does so on purpose) puts it back.
 */
function releaseWhenSettled(key: string, entry: Entry) {
  const release = () => {
    if (entry.users > 0 || registry.get(key) !== entry || entry.saver.hasUnsaved()) return false;
    registry.delete(key);
    return true;
  };
  if (release() || registry.get(key) !== entry) return;
  const unsubscribe = entry.saver.subscribe(() => {
    if (release() || entry.users > 0 || registry.get(key) !== entry) unsubscribe();
  });
}

function entryFor<T>(key: string, options: AutosaverOptions<T>): Entry {
  let entry = registry.get(key);
  if (!entry) {
    entry = { saver: new Autosaver<T>(options) as Autosaver<unknown>, users: 0 };
    registry.set(key, entry);
  }
  return entry;
}

/** Network failures, 5xx, 408 and 429 may succeed when repeated; other 4xx answers will not. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Saves now what the given fields have waiting (signing locks them, so their last changes go first).
 * True when none of them is left with a change the server has not confirmed.
 */
export async function flushAutosaves(keys: readonly string[]): Promise<boolean> {
  const savers = keys.flatMap((key) => {
    const entry = registry.get(key);
    return entry ? [entry.saver] : [];
  });
  await Promise.all(savers.map((saver) => saver.flush()));
  return savers.every((saver) => !saver.hasUnsaved());
}

export interface UseAutosaveResult<T> extends AutosaveState {
  change: (value: T) => void;
  flush: () => Promise<void>;
  /** Drops the unconfirmed value for good (see Autosaver.discard). */
  discard: () => void;
  /** A value typed earlier that the server has not confirmed (shown again instead of the stored one). */
  unsavedValue: T | undefined;
}

/**
 * `useAutosave(key, options)`: call `change(value)` on every edit; read `status` for the indicator.
 * `options` may change on every render; the newest callbacks are used.
 */
export function useAutosave<T>(key: string, options: AutosaverOptions<T>): UseAutosaveResult<T> {
  listenToPage();
  const withDefaults = { isRetryable: isRetryableSaveError, ...options };
  // The component keeps its saver for its whole life, even while the registry has let go of it.
  const [held] = useState(() => ({ key, entry: entryFor(key, withDefaults) }));
  if (held.key !== key) Object.assign(held, { key, entry: entryFor(key, withDefaults) });
  const { entry } = held;
  const saver = entry.saver as Autosaver<T>;
  const [unsavedValue] = useState(() => saver.unsavedValue());
  const latestOptions = useRef(withDefaults);

  useEffect(() => {
    latestOptions.current = withDefaults;
    saver.setOptions(withDefaults);
  });

  useEffect(() => {
    if (!registry.has(key)) registry.set(key, entry);
    entry.users += 1;
    return () => {
      entry.users -= 1;
      if (entry.users === 0) {
        const { status, error } = saver.getState();
        void saver.flush();
        // Leaving while the last save failed: say so again (the value is kept and retried).
        if (status === 'error') latestOptions.current.onError?.(error, { first: true, willRetry: true });
        releaseWhenSettled(key, entry);
      }
    };
  }, [key, entry, saver]);

  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  return {
    ...state,
    unsavedValue,
    change: (value: T) => saver.change(value),
    flush: () => saver.flush(),
    discard: () => saver.discard(),
  };
}

/** For tests: forget every saver. */
export function resetAutosaveRegistry(): void {
  everySaver((saver) => saver.dispose());
  registry.clear();
}
