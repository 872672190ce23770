// URL search params as page state. react-router hands a functional update the params of the last
// render, not of the address bar now: two quick changes (a debounced search landing, then a filter)
// could undo each other. Updates here always start from the URL as it is.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) =>
      setParams(() => change(new URLSearchParams(window.location.search)), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return [params, update] as const;
}
