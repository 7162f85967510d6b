import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../api';

/**
 * What a page shows from one request: loaded on mount and again whenever `request` changes (wrap
 * it in useCallback with its inputs), with the load error as text. `clearOnChange` drops the old
 * rows while a new filter loads, so the list says "Loading…" instead of showing stale rows.
 */
export function useLoaded<T>(request: () => Promise<T>, failure: string, { clearOnChange = false } = {}) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Only the newest load may write: a slower answer to an older filter (or to the reload after an
  // action) arriving last must not put stale rows back over the ones asked for.
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setError(null);
    try {
      const next = await request();
      if (ticket === latest.current) setData(next);
    } catch (caught) {
      if (ticket === latest.current) setError(failureText(caught, failure));
    }
  }, [request, failure]);

  useEffect(() => {
    if (clearOnChange) setData(null);
    void reload();
  }, [reload, clearOnChange]);

  return { data, setData, error, reload };
}

/**
 * A paged list's filters: what the form holds (`filters`), what the list was asked for
 * (`applied`) and the page; applying the form goes back to page 1.
 */
export function usePagedFilters<F>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const [page, setPage] = useState(1);
  const apply = (next: F = filters) => {
    setPage(1);
    setApplied(next);
  };
  return { filters, setFilters, applied, page, setPage, apply };
}
