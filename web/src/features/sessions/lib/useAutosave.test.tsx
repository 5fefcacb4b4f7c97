import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges, resetAutosaveRegistry, useAutosave } from './useAutosave.ts';

function Notes({ save, initial = '', onError }: { save: (value: string) => Promise<unknown>; initial?: string; onError?: () => void }) {
  const autosave = useAutosave<string>('notes:s1:c1', { delay: 1000, canSave: (v) => v.trim() !== '', save: (value) => save(value), onError });
  const [value, setValue] = useState(() => autosave.unsavedValue ?? initial);
  return (
    <div>
      <textarea
        aria-label="Notes"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          autosave.change(event.target.value);
        }}
      />
      <output data-testid="status">{autosave.status}</output>
    </div>
  );
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => vi.useFakeTimers());
afterEach(() => resetAutosaveRegistry());

// Strict mode mounts, unmounts and remounts every component: the saver must survive that.
describe('useAutosave', () => {
  it('shows the saver state in the component', async () => {
    let fail = true;
    const save = vi.fn(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve()));
    render(<Notes save={save} />, { wrapper: StrictMode });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Hello' } });
    expect(screen.getByTestId('status').textContent).toBe('idle');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('status').textContent).toBe('error');
    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('status').textContent).toBe('saved');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('status').textContent).toBe('idle');
  });

  it('flushes on unmount, keeps retrying after it, and shows the unsaved text again on return', async () => {
    const save = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const onError = vi.fn();
    const { unmount } = render(<Notes save={save} initial="stored" onError={onError} />, { wrapper: StrictMode });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'typed offline' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onError).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'typed offline' } });
    unmount();
    // Leaving with a failed save repeats the warning: nothing is lost silently.
    expect(onError).toHaveBeenCalledTimes(2);
    // Sent at once on leaving, not after the debounce.
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('typed offline');
    await settle();
    expect(hasUnsavedChanges()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(save).toHaveBeenCalledTimes(3);

    render(<Notes save={save} initial="stored" />, { wrapper: StrictMode });
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('typed offline');
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('error');
  });

  it('asks before the tab closes while something is unsaved, and sends it with keepalive on pagehide', async () => {
    const calls: unknown[] = [];
    function KeepaliveNotes() {
      const autosave = useAutosave<string>('notes:s1:c2', {
        delay: 1000,
        save: (value, context) => {
          calls.push([value, context.keepalive]);
          return new Promise(() => undefined);
        },
      });
      return <textarea aria-label="Notes" onChange={(event) => autosave.change(event.target.value)} />;
    }
    render(<KeepaliveNotes />, { wrapper: StrictMode });
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'not yet sent' } });
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);

    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual([['not yet sent', true]]);
  });
});
