import { useSyncExternalStore } from 'react';

/** Phones: below 600 px the wide tables and the week grid give way to cards and a day view. */
export const PHONE_WIDTH_QUERY = '(max-width: 599.98px)';

/** Whether `query` matches now; re-renders when it starts or stops matching (a rotated phone). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** True below 600 px wide. */
export const usePhoneWidth = () => useMediaQuery(PHONE_WIDTH_QUERY);
