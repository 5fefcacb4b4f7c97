import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The URL's search params (where filters live, so a reload or a shared link shows the same screen)
 * and a replace that builds on the latest of them. react-router hands a functional update the params
 * of the last render, so two changes made before the screen renders again (a grade, then a status,
 * picked in a row) would lose the first. The change not yet rendered is kept here and built on
 * instead, until the params of a render show it.
 */
export function useUrlParams(): [URLSearchParams, (update: (current: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const unrendered = useRef<URLSearchParams | null>(null);
  if (unrendered.current?.toString() === params.toString()) unrendered.current = null;
  const latest = useRef(params);
  latest.current = params;

  const replace = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const next = update(new URLSearchParams(unrendered.current ?? latest.current));
      unrendered.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, replace];
}
