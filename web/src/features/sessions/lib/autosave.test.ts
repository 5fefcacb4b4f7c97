import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { Autosaver, type AutosaverOptions } from './autosave.ts';
import { isRetryableSaveError } from './useAutosave.ts';

interface Call {
  value: string;
  keepalive: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A save whose answers the test gives by hand, to control ordering. */
function manualSave() {
  const calls: Call[] = [];
  const save = vi.fn((value: string, { keepalive }: { keepalive: boolean }) => {
    return new Promise<void>((resolve, reject) => {
      calls.push({ value, keepalive, resolve, reject });
    });
  });
  return { calls, save };
}

function saverWith(save: AutosaverOptions<string>['save'], options: Partial<AutosaverOptions<string>> = {}) {
  return new Autosaver<string>({ save, delay: 1000, canSave: (v) => v.trim() !== '', ...options });
}

/** Lets promise callbacks run (fake timers do not advance microtasks by themselves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('saves once, 1 s after the last change, with the last value', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = saverWith(save);
    saver.change('H');
    await vi.advanceTimersByTimeAsync(600);
    saver.change('He');
    await vi.advanceTimersByTimeAsync(600);
    saver.change('Hello');
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Hello', { keepalive: false });
  });

  it('shows saving, then saved for 2 s, then nothing', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('Notes');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saver.getState().status).toBe('saving');
    expect(saver.hasUnsaved()).toBe(true);
    calls[0]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
    await vi.advanceTimersByTimeAsync(1999);
    expect(saver.getState().status).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(saver.getState().status).toBe('idle');
  });

  it('never saves a value it may not (blank notes), and a blank change withdraws a waiting one', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = saverWith(save);
    saver.change('   ');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    saver.change('draft');
    saver.change('');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('uses the given delay (progress: 2 s)', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = saverWith(save, { delay: 2000 });
    saver.change('7/10');
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('failures are retried, never dropped', () => {
  it('shows error until a retry succeeds, backing off 2 s, 4 s, 8 s', async () => {
    const { calls, save } = manualSave();
    const onError = vi.fn();
    const saver = saverWith(save, { onError });
    saver.change('Worked on /s/');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(saver.getState().status).toBe('error');
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), { first: true, willRetry: true });
    expect(saver.hasUnsaved()).toBe(true);
    expect(saver.unsavedValue()).toBe('Worked on /s/');

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(onError).toHaveBeenLastCalledWith(expect.any(TypeError), { first: false, willRetry: true });
    // The error stays visible (not cleared after 3 s) while the value is unsaved.
    await vi.advanceTimersByTimeAsync(3999);
    expect(saver.getState().status).toBe('error');
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]!.reject(new TypeError('Failed to fetch'));
    await settle();
    await vi.advanceTimersByTimeAsync(8000);
    expect(calls).toHaveLength(4);
    expect(calls.every((call) => call.value === 'Worked on /s/')).toBe(true);

    calls[3]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
  });

  it('retries at once when asked (the browser came back online)', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('offline notes');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    saver.retryNow();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
    // The scheduled backoff retry was cancelled.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });

  it('does not repeat a request the server refused (4xx) but keeps the value for the next change', async () => {
    const { calls, save } = manualSave();
    const onError = vi.fn();
    const saver = saverWith(save, { onError, isRetryable: isRetryableSaveError });
    saver.change('too long');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new ApiError(400, { message: 'Notes are too long' }));
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), { first: true, willRetry: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(saver.getState().status).toBe('error');
    expect(saver.hasUnsaved()).toBe(true);

    saver.change('shorter');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
  });

  it('forgets a discarded value: no retry, nothing unsaved, nothing sent on unload', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save, { onError: () => saver.discard() });
    saver.change('typed after signing elsewhere');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(saver.getState().status).toBe('idle');
    expect(saver.hasUnsaved()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    saver.flushOnUnload();
    await saver.flush();
    expect(calls).toHaveLength(1);
  });

  it('treats network errors, 5xx, 408 and 429 as worth retrying', () => {
    expect(isRetryableSaveError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableSaveError(new ApiError(503, {}))).toBe(true);
    expect(isRetryableSaveError(new ApiError(429, {}))).toBe(true);
    expect(isRetryableSaveError(new ApiError(408, {}))).toBe(true);
    expect(isRetryableSaveError(new ApiError(400, {}))).toBe(false);
    expect(isRetryableSaveError(new ApiError(403, {}))).toBe(false);
  });
});

describe('ordering: the latest value wins', () => {
  it('never has two saves of one field in flight; the newer value is sent after the older answers', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('first');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);

    saver.change('second');
    await vi.advanceTimersByTimeAsync(1000);
    // 'first' is still in flight: 'second' waits instead of racing it.
    expect(calls).toHaveLength(1);
    expect(saver.getState().status).toBe('saving');

    calls[0]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.value).toBe('second');
    expect(saver.getState().status).toBe('saving');
    calls[1]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
  });

  it('does not say Saved while a newer change is still waiting', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('first');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('first and more');
    calls[0]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('idle');
    expect(saver.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => call.value)).toEqual(['first', 'first and more']);
  });

  it('sends the newest value next when an older save fails while it waits', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('old');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('new');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(calls.map((call) => call.value)).toEqual(['old', 'new']);
    calls[1]!.resolve();
    await settle();
    expect(saver.getState().status).toBe('saved');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
  });
});

describe('flush', () => {
  it('saves a waiting change at once and resolves when it is stored', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('leaving now');
    const flushed = vi.fn();
    void saver.flush().then(flushed);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.value).toBe('leaving now');
    await settle();
    expect(flushed).not.toHaveBeenCalled();
    calls[0]!.resolve();
    await settle();
    expect(flushed).toHaveBeenCalled();
    // The debounce was cancelled: no second save.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });

  it('with a save in flight, sends the newest value after it and resolves after both', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('a');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('ab');
    const flushed = vi.fn();
    void saver.flush({ keepalive: true }).then(flushed);
    calls[0]!.resolve();
    await settle();
    expect(calls[1]).toMatchObject({ value: 'ab', keepalive: true });
    expect(flushed).not.toHaveBeenCalled();
    calls[1]!.resolve();
    await settle();
    expect(flushed).toHaveBeenCalled();
  });

  it('does nothing when everything is saved', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = saverWith(save);
    await saver.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('on unload sends the newest value with keepalive even while an older save is in flight', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('one');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('one two');
    saver.flushOnUnload();
    expect(calls.map((call) => [call.value, call.keepalive])).toEqual([
      ['one', false],
      ['one two', true],
    ]);
  });

  it('on unload retries a failed value with keepalive', async () => {
    const { calls, save } = manualSave();
    const saver = saverWith(save);
    saver.change('failed once');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    saver.flushOnUnload();
    expect(calls[1]).toMatchObject({ value: 'failed once', keepalive: true });
  });
});
