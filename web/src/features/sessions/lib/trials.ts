/**
 * Live-scored trials (spec part 3 §3) on this device. Every tap makes the newest whole trial list
 * of (session, client, goal) with `clientUpdatedAt` = now (never before the state it changes), keeps
 * it in memory for the page at once and in the offline queue on the device, which sends it
 * (lib/offline-queue.ts has the queue's rules). What a goal shows is the newest of three: the
 * state tapped on this page, an unsent entry an earlier page left on the device, and the server's
 * row — so after a reload the queued trials show, not the older stored ones.
 */
import { useSyncExternalStore } from 'react';
import type { ProgressPoint, SavedTrials } from '@caseload/contract/sessions';
import { SIGNED_NOTE } from '@caseload/contract/signatures';
import type { Trial } from '@caseload/contract/trials';
import { deviceStorage, OfflineQueue, type QueueEntry, type QueueStorage } from '../../../lib/offline-queue.ts';
import { refreshSessionNotes, refreshSessionProgress, saveSessionTrials, storeProgressPoint } from '../api/sessions.ts';

export interface TrialsSave {
  sessionId: string;
  body: { clientId: string; goalId: string; trials: Trial[]; clientUpdatedAt: string };
}

export interface TrialsState {
  trials: readonly Trial[];
  /** When the device made this state; absent for a row stored without trials (the count form). */
  clientUpdatedAt?: string;
}

export const trialsKey = (sessionId: string, clientId: string, goalId: string) => `trials:${sessionId}:${clientId}:${goalId}`;

const DB_NAME = 'caseload-offline-saves';

/** The newest state of each key this page knows of (taps here, entries an earlier page left). */
const latest = new Map<string, TrialsState>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribeLatest = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const isNewer = (a: string | undefined, b: string | undefined) => a !== undefined && (b === undefined || a > b);

/**
 * Goals whose last save changed nothing because newer trials from another device were stored
 * (the answer's `superseded`, part 4 §1.5): the goal shows the stored trials and says so until its
 * next tap.
 */
const superseded = new Set<string>();

function remember(key: string, state: TrialsState): boolean {
  if (!isNewer(state.clientUpdatedAt, latest.get(key)?.clientUpdatedAt)) return false;
  latest.set(key, state);
  return true;
}

function newQueue(storage: QueueStorage<TrialsSave>) {
  const created = new OfflineQueue<TrialsSave, SavedTrials>({
    storage,
    send: ({ sessionId, body }) => saveSessionTrials(sessionId, body),
    onSent: ({ sessionId, body }, saved) => {
      storeProgressPoint(sessionId, saved);
      // A replay of this very state answers `superseded` too: only another state's winning counts.
      if (!saved.superseded || saved.clientUpdatedAt === body.clientUpdatedAt) return;
      const key = trialsKey(sessionId, body.clientId, body.goalId);
      // A newer tap on this page is on its way and decides for itself.
      if (isNewer(latest.get(key)?.clientUpdatedAt, body.clientUpdatedAt)) return;
      latest.delete(key);
      superseded.add(key);
      notify();
    },
    onRefused: (entry) => {
      const { sessionId, body } = entry.payload;
      // The refused state is not what the server holds: show the server's row again (read anew).
      if (latest.get(entry.key)?.clientUpdatedAt === body.clientUpdatedAt) {
        latest.delete(entry.key);
        notify();
      }
      void refreshSessionProgress(sessionId);
      // Signed on another device: the page shows the signature and locks the client's scoring.
      if (isSignedRefusalEntry(entry)) void refreshSessionNotes(sessionId);
    },
  });
  created.subscribe(() => {
    const { owner, entries } = created.getSnapshot();
    // Signed out: what this page knew of someone's trials goes with them (a shared device).
    if (owner === null) {
      if (latest.size === 0 && superseded.size === 0) return;
      latest.clear();
      superseded.clear();
      return notify();
    }
    // The user's unsent entries an earlier page left are newer than the server's rows: show them.
    let changed = false;
    for (const entry of entries) if (entry.owner === owner && !entry.refusal) changed = remember(entry.key, entry.payload.body) || changed;
    if (changed) notify();
  });
  return created;
}

let storage = deviceStorage<TrialsSave>(DB_NAME);
let queue = newQueue(storage);

/** The queue of trial saves (one per page; see resetTrialsForTests). */
export const trialsQueue = () => queue;

/**
 * For tests: an empty queue and nothing remembered; with `reload`, the device keeps its entries
 * and only the page's memory is gone (a reload).
 */
export function resetTrialsForTests({ reload = false } = {}) {
  queue.dispose();
  if (!reload) storage = deviceStorage<TrialsSave>(DB_NAME + String(Math.random()));
  queue = newQueue(storage);
  latest.clear();
  superseded.clear();
  notify();
}

/** The state a goal shows: the newest of what this page knows and the server's row. */
export function trialsStateOf(remembered: TrialsState | undefined, stored: ProgressPoint | undefined): TrialsState {
  // A row without clientUpdatedAt (none yet, or counts only) is older than any scored state.
  if (remembered && isNewer(remembered.clientUpdatedAt, stored?.clientUpdatedAt)) return remembered;
  return { trials: stored?.trials ?? [], clientUpdatedAt: stored?.clientUpdatedAt };
}

/** Whether newer trials from another device replaced this goal's last save (until its next tap). */
export function useSupersededTrials(key: string): boolean {
  return useSyncExternalStore(subscribeLatest, () => superseded.has(key));
}

/** The remembered state of one key; a component re-renders only when that key changes. */
export function useRememberedTrials(key: string): TrialsState | undefined {
  return useSyncExternalStore(subscribeLatest, () => latest.get(key));
}

/** An instant after `previous` and not before now, so the server takes it as the newer state. */
function nextInstant(previous: string | undefined): string {
  const after = previous === undefined ? 0 : Date.parse(previous) + 1;
  return new Date(Math.max(Date.now(), after)).toISOString();
}

export interface TrialsTarget {
  sessionId: string;
  clientId: string;
  goalId: string;
}

/**
 * One tap: the goal's newest trials changed by `change` (null: no change), kept for the page and
 * queued for the server. `stored` is the server's row as the page has it.
 */
export function changeTrials(
  owner: string,
  target: TrialsTarget,
  stored: ProgressPoint | undefined,
  change: (trials: readonly Trial[]) => Trial[] | null,
): void {
  const key = trialsKey(target.sessionId, target.clientId, target.goalId);
  const current = trialsStateOf(latest.get(key), stored);
  const trials = change(current.trials);
  // Nothing to change (an undo of no trials, a full list).
  if (!trials) return;
  const clientUpdatedAt = nextInstant(current.clientUpdatedAt);
  latest.set(key, { trials, clientUpdatedAt });
  superseded.delete(key);
  notify();
  // Someone scoring is signed in: the queue sends as them (also when the header is not shown).
  queue.start(owner);
  void queue.enqueue(key, owner, { sessionId: target.sessionId, body: { clientId: target.clientId, goalId: target.goalId, trials, clientUpdatedAt } });
}

export const isSignedRefusalEntry = (entry: Pick<QueueEntry<TrialsSave>, 'refusal'>) => entry.refusal?.status === 409 && entry.refusal.message === SIGNED_NOTE;

/**
 * Sends what is waiting for one client of a session (signing locks it, so its last taps go first).
 * True when nothing of theirs is left unsent.
 */
export function settleTrials(sessionId: string, clientId: string): Promise<boolean> {
  return queue.settle((entry) => entry.payload.sessionId === sessionId && entry.payload.body.clientId === clientId);
}

/** The queue's state, for the header and the scoring rows. */
export function useTrialsQueue() {
  const current = trialsQueue();
  return useSyncExternalStore(current.subscribe, current.getSnapshot);
}

/** A save of this client's trials in this session was refused as signed (another device signed the note). */
export function useRefusedAsSigned(sessionId: string, clientId: string): boolean {
  const current = trialsQueue();
  return useSyncExternalStore(current.subscribe, () =>
    current.getSnapshot().entries.some((e) => e.payload.sessionId === sessionId && e.payload.body.clientId === clientId && isSignedRefusalEntry(e)),
  );
}
