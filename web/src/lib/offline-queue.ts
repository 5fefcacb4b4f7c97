/**
 * A queue of whole-state saves kept on the device (IndexedDB), so a change made on dead school
 * Wi-Fi, or just before a reload or a closed tab, is never lost. Free of React and of any one
 * route, so its rules can be tested on their own:
 * - a change is written to the device first and only then sent;
 * - entries are sent in the order they were made, one at a time;
 * - a change carries a whole state, so a newer entry with the same key (and user) supersedes the
 *   older ones: only the newest is kept and sent;
 * - no answer (the network) or a 5xx, 408 or 429 keeps the entry and everything after it, and tries
 *   again with backoff and at once when the browser says it is back online;
 * - 401 (the session ended) keeps the entries and waits until someone signs in again (`start`);
 * - any other 4xx is a refusal that repeating cannot change: the entry stays with the server's
 *   message until the user discards it, and the entries after it are still sent;
 * - an entry is sent only while the user who made it is the one signed in, so on a shared device
 *   nobody's changes are sent with another person's session.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { errorMessage, isApiError } from './api-errors.ts';

export interface QueueEntry<P> {
  /** Order of the changes: a later change has a larger id, across reloads too. */
  id: number;
  /** What the change is a state of: a newer entry with the same key and owner supersedes this one. */
  key: string;
  /** The user who made the change. */
  owner: string;
  payload: P;
  /**
   * How many of the user's changes the entry carries (1 when absent): a newer state of a key takes
   * over the older one's changes not yet saved, so five taps offline read as five changes.
   */
  changes?: number;
  /** The server refused it (a 4xx other than 401): never sent again, shown until discarded. */
  refusal?: { status: number; message: string };
}

/** Why the queue is not sending: no network, the server failing, or nobody signed in any more. */
export type QueueBlock = 'offline' | 'server' | 'signed-out';

export interface QueueSnapshot<P> {
  /** Every entry on the device (any owner), oldest first. */
  entries: readonly QueueEntry<P>[];
  /** The signed-in user whose entries are sent; null before `start` or after `stop`. */
  owner: string | null;
  blocked: QueueBlock | null;
  /** An entry was saved since the page loaded (so "All changes saved" says something true). */
  savedSinceLoad: boolean;
}

/** Where the entries live: IndexedDB in the browser, memory where there is none. */
export interface QueueStorage<P> {
  load(): Promise<QueueEntry<P>[]>;
  /** Stores the entry and deletes the same owner's older entries for its key, in one transaction. */
  add(entry: QueueEntry<P>): Promise<void>;
  put(entry: QueueEntry<P>): Promise<void>;
  delete(id: number): Promise<void>;
  /** Forgets every entry (a sign-out clearing the device). */
  clear(): Promise<void>;
}

const STORE = 'entries';

interface QueueSchema<P> extends DBSchema {
  entries: { key: number; value: QueueEntry<P>; indexes: { slot: [string, string] } };
}

export function memoryStorage<P>(): QueueStorage<P> {
  const entries = new Map<number, QueueEntry<P>>();
  return {
    load: () => Promise.resolve([...entries.values()].sort((a, b) => a.id - b.id)),
    add: (entry) => {
      for (const [id, other] of entries) if (other.owner === entry.owner && other.key === entry.key && id < entry.id) entries.delete(id);
      entries.set(entry.id, entry);
      return Promise.resolve();
    },
    put: (entry) => {
      entries.set(entry.id, entry);
      return Promise.resolve();
    },
    delete: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
    clear: () => {
      entries.clear();
      return Promise.resolve();
    },
  };
}

/**
 * The entries in an IndexedDB database of that name. Where IndexedDB is missing or cannot be opened
 * (some private modes), the queue still works for the life of the page, in memory.
 */
export function deviceStorage<P>(dbName: string): QueueStorage<P> {
  const fallback = memoryStorage<P>();
  let opened: Promise<IDBPDatabase<QueueSchema<P>> | null> | undefined;
  const database = () =>
    (opened ??=
      typeof indexedDB === 'undefined'
        ? Promise.resolve(null)
        : openDB<QueueSchema<P>>(dbName, 1, {
            upgrade(db) {
              db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('slot', ['owner', 'key']);
            },
          }).catch((error: unknown) => {
            console.warn('Offline saves are kept in memory only: IndexedDB could not be opened', error);
            return null;
          }));

  return {
    async load() {
      const db = await database();
      return db ? db.getAll(STORE) : fallback.load();
    },
    async add(entry) {
      const db = await database();
      if (!db) return fallback.add(entry);
      const tx = db.transaction(STORE, 'readwrite');
      const same = await tx.store.index('slot').getAllKeys([entry.owner, entry.key]);
      await Promise.all([...same.filter((id) => id < entry.id).map((id) => tx.store.delete(id)), tx.store.put(entry), tx.done]);
    },
    async put(entry) {
      const db = await database();
      if (!db) return fallback.put(entry);
      await db.put(STORE, entry);
    },
    async delete(id) {
      const db = await database();
      if (!db) return fallback.delete(id);
      await db.delete(STORE, id);
    },
    async clear() {
      const db = await database();
      if (!db) return fallback.clear();
      await db.clear(STORE);
    },
  };
}

export interface OfflineQueueOptions<P, A> {
  storage: QueueStorage<P>;
  send: (payload: P) => Promise<A>;
  /** The server took the entry; `answer` is what it answered (the stored state). */
  onSent?: (payload: P, answer: A) => void;
  /** The server refused the entry for good. */
  onRefused?: (entry: QueueEntry<P>) => void;
  /** Waits before the 1st, 2nd, … retry after a failure; the last one repeats. */
  retryDelays?: readonly number[];
}

export const QUEUE_RETRY_DELAYS = [2000, 4000, 8000, 16_000, 30_000] as const;

type Outcome<A> = { kind: 'sent'; answer: A } | { kind: 'blocked'; block: QueueBlock } | { kind: 'refused'; status: number; message: string };

/** How a failed send is handled: see the rules at the top. */
function outcomeOf(error: unknown): Outcome<never> {
  if (!isApiError(error)) return { kind: 'blocked', block: error instanceof TypeError ? 'offline' : 'server' };
  if (error.status === 401) return { kind: 'blocked', block: 'signed-out' };
  if (error.status >= 500 || error.status === 408 || error.status === 429) return { kind: 'blocked', block: 'server' };
  return { kind: 'refused', status: error.status, message: errorMessage(error, `The server refused this change (${error.status})`) };
}

/** Every queue of this page, so a sign-out can count and discard what they hold (lib/device.ts). */
const pageQueues = new Set<OfflineQueue<unknown>>();

/** How many changes of `owner` wait on this device, unsent or refused. */
export function unsentChangesOf(owner: string): number {
  let count = 0;
  for (const queue of pageQueues) count += queue.getSnapshot().entries.filter((e) => e.owner === owner).length;
  return count;
}

/** Forgets every change on the device, of every owner (a sign-out: nothing of anyone's stays). */
export async function discardEveryQueue(): Promise<void> {
  await Promise.all([...pageQueues].map((queue) => queue.discardAll()));
}

export class OfflineQueue<P, A = unknown> {
  private snapshot: QueueSnapshot<P> = { entries: [], owner: null, blocked: null, savedSinceLoad: false };
  private readonly listeners = new Set<() => void>();
  /** Storage operations, one after another in the order they were asked for; never rejects. */
  private writes: Promise<void> = Promise.resolve();
  private loaded = false;
  private sending = false;
  private failures = 0;
  private lastId = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private listeningOnline = false;

  constructor(private readonly options: OfflineQueueOptions<P, A>) {
    pageQueues.add(this as OfflineQueue<unknown>);
  }

  /** This queue is replaced (tests): a sign-out no longer counts or clears it. */
  dispose(): void {
    this.stop();
    this.clearRetry();
    pageQueues.delete(this as OfflineQueue<unknown>);
  }

  getSnapshot = (): QueueSnapshot<P> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Someone is signed in: load what an earlier page left on the device and send their entries. */
  start(owner: string): void {
    this.listenOnline();
    // A new sign-in is what a 401 waited for.
    this.update({ owner, blocked: this.snapshot.blocked === 'signed-out' ? null : this.snapshot.blocked });
    this.loadOnce();
    void this.writes.then(() => this.pump());
  }

  /** Nobody is signed in: stop sending (the entries stay on the device). */
  stop(): void {
    this.update({ owner: null });
  }

  /**
   * Keeps a change: stores it on the device (superseding the older entries of its key), then sends
   * it after the entries before it. Resolves once it is stored.
   */
  enqueue(key: string, owner: string, payload: P): Promise<void> {
    this.loadOnce();
    const stored = this.write((storage) => {
      // Numbered after what the device holds (loaded first), so the order holds even if the clock went back.
      this.lastId = Math.max(Date.now() * 1000, this.lastId + 1);
      const superseded = this.snapshot.entries.find((e) => e.owner === owner && e.key === key && !e.refusal);
      const entry: QueueEntry<P> = { id: this.lastId, key, owner, payload, changes: (superseded ? changesOf(superseded) : 0) + 1 };
      this.update({ entries: [...this.snapshot.entries.filter((e) => !sameSlot(e, entry)), entry] });
      return storage.add(entry);
    });
    void stored.then(() => this.pump());
    return stored;
  }

  /** Forgets an entry for good (the user dismissed a refused change). */
  discard(id: number): Promise<void> {
    this.update({ entries: this.snapshot.entries.filter((e) => e.id !== id) });
    return this.write((storage) => storage.delete(id));
  }

  /** Forgets every entry, in memory and on the device, and stops sending until the next `start`. */
  discardAll(): Promise<void> {
    this.loaded = true;
    this.clearRetry();
    this.update({ entries: [], owner: null, blocked: null });
    return this.write((storage) => storage.clear());
  }

  /** The network is back (or the user asked): try a waiting entry now instead of after the backoff. */
  retryNow(): void {
    if (this.snapshot.blocked !== 'offline' && this.snapshot.blocked !== 'server') return;
    this.clearRetry();
    this.update({ blocked: null });
    void this.pump();
  }

  /**
   * Sends what is waiting among the entries `matches` picks. True once none of them is left
   * unsent; false as soon as one is refused or the queue has to wait (offline, signed out).
   */
  async settle(matches: (entry: QueueEntry<P>) => boolean): Promise<boolean> {
    // Changes asked for before this call are in the entries once stored.
    await this.writes;
    void this.pump();
    return new Promise((resolve) => {
      const check = () => {
        const { entries, owner, blocked } = this.snapshot;
        const mine = entries.filter((e) => e.owner === owner && matches(e));
        if (mine.some((e) => e.refusal)) return finish(false);
        if (mine.length === 0) return finish(true);
        if (blocked || !owner) return finish(false);
      };
      const unsubscribe = this.subscribe(check);
      const finish = (result: boolean) => {
        unsubscribe();
        resolve(result);
      };
      // Settled already: answer now (a later notification would never come).
      check();
    });
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const { owner, blocked, entries } = this.snapshot;
        if (!owner || blocked) return;
        const entry = entries.find((e) => e.owner === owner && !e.refusal);
        if (!entry) return;
        // Stored on the device before it is sent.
        await this.writes;
        if (!this.holds(entry)) continue;
        this.handle(entry, await this.attempt(entry));
      }
    } finally {
      this.sending = false;
    }
  }

  private async attempt(entry: QueueEntry<P>): Promise<Outcome<A>> {
    try {
      return { kind: 'sent', answer: await this.options.send(entry.payload) };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  private handle(entry: QueueEntry<P>, outcome: Outcome<A>): void {
    if (outcome.kind === 'sent') {
      this.failures = 0;
      this.options.onSent?.(entry.payload, outcome.answer);
      this.update({ entries: this.snapshot.entries.filter((e) => e.id !== entry.id), savedSinceLoad: true });
      void this.write((storage) => storage.delete(entry.id));
      return;
    }
    if (outcome.kind === 'blocked') {
      this.update({ blocked: outcome.block });
      if (outcome.block !== 'signed-out') this.scheduleRetry();
      return;
    }
    // A newer entry for the same key replaced this one while it was out: that one is sent on its own.
    if (!this.holds(entry)) return;
    const refused: QueueEntry<P> = { ...entry, refusal: { status: outcome.status, message: outcome.message } };
    this.update({ entries: this.snapshot.entries.map((e) => (e.id === entry.id ? refused : e)) });
    void this.write((storage) => storage.put(refused));
    this.options.onRefused?.(refused);
  }

  private scheduleRetry(): void {
    this.clearRetry();
    this.failures += 1;
    const delays = this.options.retryDelays ?? QUEUE_RETRY_DELAYS;
    const wait = delays[Math.min(this.failures, delays.length) - 1] ?? 2000;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryNow();
    }, wait);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private listenOnline(): void {
    if (this.listeningOnline || typeof window === 'undefined') return;
    this.listeningOnline = true;
    window.addEventListener('online', () => this.retryNow());
  }

  /** The entries an earlier page left, read before any other storage operation. */
  private loadOnce(): void {
    if (this.loaded) return;
    this.loaded = true;
    void this.write(async (storage) => {
      const stored = await storage.load();
      this.lastId = Math.max(this.lastId, ...stored.map((s) => s.id));
      this.update({ entries: stored });
    });
  }

  private holds(entry: QueueEntry<P>): boolean {
    return this.snapshot.entries.some((e) => e.id === entry.id);
  }

  private write(operation: (storage: QueueStorage<P>) => Promise<void>): Promise<void> {
    this.writes = this.writes
      .then(() => operation(this.options.storage))
      .catch((error: unknown) => console.warn('An offline save could not be kept on the device', error));
    return this.writes;
  }

  private update(change: Partial<QueueSnapshot<P>>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

/** The user's changes an entry carries (entries stored before the count have one). */
export const changesOf = (entry: QueueEntry<unknown>) => entry.changes ?? 1;

const sameSlot = (a: QueueEntry<unknown>, b: QueueEntry<unknown>) => a.owner === b.owner && a.key === b.key;
