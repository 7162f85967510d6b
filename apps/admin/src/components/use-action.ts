import { useCallback, useState } from 'react';
import { failureText } from '../api';
import type { Feedback } from './feedback';

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
    async (action: () => Promise<unknown>, success: string) => {
      setIsBusy(true);
      try {
        await action();
        setFeedback({ tone: 'success', text: success });
        if (!reloadAfterFailure) await reload();
      } catch (caught) {
        setFeedback({ tone: 'error', text: failureText(caught, failure) });
      } finally {
        setIsBusy(false);
      }
      if (reloadAfterFailure) await reload();
    },
    [reload, failure, reloadAfterFailure],
  );

  return { feedback, setFeedback, isBusy, run };
}
