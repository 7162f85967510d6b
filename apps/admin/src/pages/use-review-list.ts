import { useCallback, useState } from 'react';
import { api } from '../api';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A list of deposits or withdrawals by status, reloadable, with the last action's feedback. */
export function useReviewList<T>(basePath: string, extraStatuses: readonly string[] = []) {
  const [status, setStatus] = useState<string>('pending');
  const {
    data: rows,
    error: loadError,
    reload,
  } = useLoaded(
    useCallback(() => api<T[]>('GET', `${basePath}?status=${encodeURIComponent(status)}&limit=100`), [basePath, status]),
    'The list could not be loaded.',
    { clearOnChange: true },
  );
  /** Runs an action, shows its outcome, and reloads the list either way (the row may have moved on). */
  const { feedback, setFeedback, run: act } = useAction({ reload });

  return { status, setStatus, statuses: [...REVIEW_STATUSES, ...extraStatuses], rows, loadError, feedback, setFeedback, act, reload };
}
