import { useEffect, useState } from 'react';

/** Search as you type: one request once typing pauses, not one per keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed unchanged for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
