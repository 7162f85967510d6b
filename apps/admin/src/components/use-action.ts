import { useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import type { Feedback } from './feedback';
import { useLoaded } from './use-loaded';

/**
 * Runs a page's actions one way: busy while it runs, the outcome in the feedback banner, then the
 * page's data reloaded. A review queue reloads after a failure too (the row may have moved on); an
 * editor reloads only after a success, so a refused save keeps what the operator typed.
 */
export function useAction({
  reload,
  failure = 'The server could not be reached.',
  reloadAfterFailure = true,
}: {
  reload: () => Promise<unknown>;
  failure?: string;
  reloadAfterFailure?: boolean;
}) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = useCallback(
    async (action: () => Promise<unknown>, success: string, failureOfThis = failure) => {
      setIsBusy(true);
      try {
        await action();
        setFeedback({ tone: 'success', text: success });
        if (!reloadAfterFailure) await reload();
      } catch (caught) {
        setFeedback({ tone: 'error', text: failureText(caught, failureOfThis) });
      } finally {
        setIsBusy(false);
      }
      if (reloadAfterFailure) await reload();
    },
    [reload, failure, reloadAfterFailure],
  );

  return { feedback, setFeedback, isBusy, run };
}

/**
 * A review queue: `url`'s list (a new url drops the old rows while it loads) and its actions,
 * each followed by a reload.
 */
export function useQueue<T>(url: string, failure: string) {
  const {
    data: rows,
    error,
    reload,
  } = useLoaded(
    useCallback(async () => (await api<{ list: T[] }>('GET', url)).list, [url]),
    failure,
    { clearOnChange: true },
  );
  return { rows, error, reload, ...useAction({ reload }) };
}

/** A review queue by status: the status shown (first `initial`) and its rows, up to 100 (useQueue). */
export function useStatusQueue<T, Status extends string>(path: string, initial: Status, failure: string) {
  const [status, setStatus] = useState<Status>(initial);
  return { status, setStatus, ...useQueue<T>(`${path}?status=${status}&pageSize=100`, failure) };
}

/**
 * An editor page's data: `request` loaded on mount and whenever it changes (wrap it and `show` in
 * useCallback), handed to `show`, which fills the page's editable state. A failed load and every
 * save speak through the one feedback banner; a save reloads only after a success.
 */
export function useEditor<T>(
  request: () => Promise<T>,
  show: (value: T) => void,
  { loadFailure, saveFailure }: { loadFailure: string; saveFailure?: string },
) {
  // The save reloads through `reload`, declared below: it is called only after the first render.
  const action = useAction({ reload: () => reload(), failure: saveFailure, reloadAfterFailure: false });
  const { setFeedback } = action;
  const reload = useCallback(async () => {
    try {
      show(await request());
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, loadFailure) });
    }
  }, [request, show, loadFailure, setFeedback]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...action, reload };
}

/**
 * An editor of a table and its settings, read together (two GETs): useEditor over both. `show`
 * fills the page's editable state; wrap it in useCallback.
 */
export function useTableEditor<Table, Settings>(
  tableUrl: string,
  settingsUrl: string,
  show: (table: Table, settings: Settings) => void,
  failures: { loadFailure: string; saveFailure?: string },
) {
  return useEditor(
    useCallback(() => Promise.all([api<Table>('GET', tableUrl), api<Settings>('GET', settingsUrl)]), [tableUrl, settingsUrl]),
    useCallback(([table, settings]: [Table, Settings]) => show(table, settings), [show]),
    failures,
  );
}
