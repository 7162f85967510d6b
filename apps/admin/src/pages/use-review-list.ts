import { useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import type { Feedback } from '../components/feedback';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A list of deposits or withdrawals by status, reloadable, with the last action's feedback. */
export function useReviewList<T>(basePath: string, extraStatuses: readonly string[] = []) {
  const [status, setStatus] = useState<string>('pending');
  const [rows, setRows] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const reload = useCallback(async () => {
    setLoadError(null);
    try {
      setRows(await api<T[]>('GET', `${basePath}?status=${encodeURIComponent(status)}&limit=100`));
    } catch (caught) {
      setLoadError(failureText(caught, 'The list could not be loaded.'));
    }
  }, [basePath, status]);

  useEffect(() => {
    setRows(null);
    void reload();
  }, [reload]);

  /** Runs an action, shows its outcome, and reloads the list either way (the row may have moved on). */
  const act = useCallback(
    async (action: () => Promise<unknown>, success: string) => {
      try {
        await action();
        setFeedback({ tone: 'success', text: success });
      } catch (caught) {
        setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
      }
      await reload();
    },
    [reload],
  );

  return { status, setStatus, statuses: [...REVIEW_STATUSES, ...extraStatuses], rows, loadError, feedback, setFeedback, act, reload };
}
