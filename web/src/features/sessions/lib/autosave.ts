/**
 * One autosaved field (a client's session notes, a goal's progress row), free of React so its timing
 * can be tested with fake timers. Clinicians type on poor school Wi-Fi, so the rules are:
 * - a change is saved `delay` ms after the last change (debounce), only when `canSave(value)`;
 * - saves of one field never overlap: a change made while a save is in flight is sent after it, so
 *   an older save can never land after (and overwrite) a newer one — the latest value always wins;
 * - a failed save keeps the value, shows 'error' until a later save succeeds, and is retried with
 *   backoff (and at once when `retryNow()` is called, e.g. when the browser comes back online);
 *   errors that cannot succeed by repeating (a 4xx) wait for the next change instead;
 * - `flush()` saves a waiting change now (leaving the page, hiding the tab).
 */

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface AutosaveState {
  status: AutosaveStatus;
  /** The last failure while the status is 'error'. */
  error?: unknown;
}

export interface SaveContext {
  /** The page is going away: send with `fetch(..., { keepalive: true })`. */
  keepalive: boolean;
}

export interface FailureInfo {
  /** The first failure since the last success (toast once, not on every retry). */
  first: boolean;
  /** A retry is scheduled. */
  willRetry: boolean;
}

export interface AutosaverOptions<T> {
  save: (value: T, context: SaveContext) => Promise<unknown>;
  /** Debounce after the last change, in ms (notes 1000, progress 2000). */
  delay: number;
  /** Values that are not saved at all (blank notes, incomplete attempt counts). */
  canSave?: (value: T) => boolean;
  /** Waits before the 1st, 2nd, … retry; the last one repeats. */
  retryDelays?: readonly number[];
  /** How long 'saved' stays before the indicator clears (spec: 2 s). */
  savedVisibleMs?: number;
  /** Whether repeating the same request could succeed (network, 5xx, 408, 429). Default: always. */
  isRetryable?: (error: unknown) => boolean;
  onError?: (error: unknown, info: FailureInfo) => void;
  onSaved?: (value: T, result: unknown) => void;
}

export const DEFAULT_RETRY_DELAYS = [2000, 4000, 8000, 16_000, 30_000] as const;
export const SAVED_VISIBLE_MS = 2000;

interface Job<T> {
  value: T;
  version: number;
}

type Timer = ReturnType<typeof setTimeout>;

export class Autosaver<T> {
  private options: AutosaverOptions<T>;
  private state: AutosaveState = { status: 'idle' };
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** The newest saveable value the server has not confirmed. */
  private pending: Job<T> | null = null;
  private inFlight: Promise<void> | null = null;
  private rerun = false;
  private rerunKeepalive = false;
  private failures = 0;
  private debounceTimer: Timer | null = null;
  private retryTimer: Timer | null = null;
  private clearTimer: Timer | null = null;

  constructor(options: AutosaverOptions<T>) {
    this.options = options;
  }

  /** The latest callbacks (a component re-renders with new closures). */
  setOptions(options: AutosaverOptions<T>): void {
    this.options = options;
  }

  getState = (): AutosaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A value typed but not yet confirmed by the server, to show again when the editor remounts. */
  unsavedValue(): T | undefined {
    return this.pending?.value;
  }

  /** Something typed is not yet confirmed saved (waiting, in flight or failed). */
  hasUnsaved(): boolean {
    return this.pending !== null || this.inFlight !== null;
  }

  change(value: T): void {
    this.version += 1;
    this.cancel('debounce');
    if (!(this.options.canSave?.(value) ?? true)) {
      // Nothing to save any more (e.g. the notes were cleared): drop the waiting value and its retry.
      this.pending = null;
      this.cancel('retry');
      if (this.state.status === 'error' && !this.inFlight) this.setState({ status: 'idle' });
      return;
    }
    this.pending = { value, version: this.version };
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.run(false);
    }, this.options.delay);
  }

  /** Saves a waiting change now; resolves when this field has nothing more in flight. Never rejects. */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (!this.pending) return this.inFlight ?? Promise.resolve();
    return this.run(options.keepalive ?? false);
  }

  /**
   * The page is being unloaded: send the newest value with keepalive at once, even while an older
   * save is in flight (the browser is about to cancel that one).
   */
  flushOnUnload(): void {
    const job = this.pending;
    if (!job) return;
    this.cancel('debounce');
    this.cancel('retry');
    if (!this.inFlight) {
      void this.run(true);
      return;
    }
    this.options.save(job.value, { keepalive: true }).catch(() => undefined);
  }

  /** Retry a failed save immediately (the browser came back online). */
  retryNow(): void {
    if (this.state.status === 'error' && this.pending && !this.debounceTimer) void this.run(false);
  }

  /**
   * Forgets the waiting value, its retry and its error: the server will never take it (the note was
   * signed meanwhile), so it must neither be sent again nor hold the page with 'unsaved changes'.
   */
  discard(): void {
    this.cancel('debounce');
    this.cancel('retry');
    this.pending = null;
    this.rerun = false;
    this.rerunKeepalive = false;
    this.failures = 0;
    this.setState({ status: 'idle' });
  }

  dispose(): void {
    this.cancel('debounce');
    this.cancel('retry');
    this.cancel('clear');
    this.listeners.clear();
  }

  private run(keepalive: boolean): Promise<void> {
    this.cancel('debounce');
    this.cancel('retry');
    if (this.inFlight) {
      // Serialize: send again once the current save has answered.
      this.rerun = true;
      this.rerunKeepalive ||= keepalive;
      return this.inFlight;
    }
    const job = this.pending;
    if (!job) return Promise.resolve();

    this.cancel('clear');
    this.setState({ status: 'saving' });
    let save: Promise<unknown>;
    try {
      save = this.options.save(job.value, { keepalive });
    } catch (error) {
      save = Promise.reject(error);
    }
    const done = save.then(
      (result) => this.succeeded(job, result),
      (error: unknown) => this.failed(error),
    );
    this.inFlight = done;
    return done;
  }

  private succeeded(job: Job<T>, result: unknown): Promise<void> | void {
    this.inFlight = null;
    this.failures = 0;
    if (this.pending?.version === job.version) this.pending = null;
    this.options.onSaved?.(job.value, result);
    const rerun = this.takeRerun();
    if (rerun && this.pending && !this.debounceTimer) return this.run(rerun.keepalive);
    if (this.pending) {
      // A newer change is waiting for its debounce; it is not saved yet, so do not say 'Saved'.
      this.setState({ status: 'idle' });
      return;
    }
    this.setState({ status: 'saved' });
    this.clearTimer = setTimeout(() => {
      this.clearTimer = null;
      if (this.state.status === 'saved') this.setState({ status: 'idle' });
    }, this.options.savedVisibleMs ?? SAVED_VISIBLE_MS);
  }

  private failed(error: unknown): Promise<void> | void {
    this.inFlight = null;
    const rerun = this.takeRerun();
    if (!this.pending) {
      // The value was withdrawn while it was being sent (e.g. the notes were cleared).
      this.setState({ status: 'idle' });
      return;
    }
    this.failures += 1;
    const first = this.failures === 1;
    this.setState({ status: 'error', error });
    if (rerun && !this.debounceTimer) {
      // A newer value asked to be sent while this one was failing: try it at once.
      this.options.onError?.(error, { first, willRetry: true });
      return this.run(rerun.keepalive);
    }
    // A change waiting for its debounce will be sent anyway; otherwise retry when it may help.
    const retry = !this.debounceTimer && (this.options.isRetryable?.(error) ?? true);
    if (retry) {
      const delays = this.options.retryDelays ?? DEFAULT_RETRY_DELAYS;
      const wait = delays[Math.min(this.failures - 1, delays.length - 1)] ?? 2000;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.run(false);
      }, wait);
    }
    this.options.onError?.(error, { first, willRetry: retry || this.debounceTimer !== null });
  }

  private takeRerun(): { keepalive: boolean } | null {
    const rerun = this.rerun ? { keepalive: this.rerunKeepalive } : null;
    this.rerun = false;
    this.rerunKeepalive = false;
    return rerun;
  }

  private cancel(timer: 'debounce' | 'retry' | 'clear'): void {
    const key = `${timer}Timer` as const;
    const handle = this[key];
    if (handle !== null) clearTimeout(handle);
    this[key] = null;
  }

  private setState(next: AutosaveState): void {
    if (next.status === this.state.status && next.error === this.state.error) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
