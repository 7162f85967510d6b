import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/use-countdown';
import { useThrottledCallback } from '@/lib/use-throttled-callback';
import styles from './code-button.module.css';
import { MessageDialog } from './message-dialog';

/** Spec section 9: the SMS button is throttled to one press per second. */
export const CODE_BUTTON_THROTTLE_MS = 1000;

export interface CodeButtonProps {
  /** Sends the code; resolves with the seconds to wait before another send. */
  onSend: () => Promise<number>;
  /** Checks the number before anything is sent (spec: "validated before an SMS code is sent"). */
  canSend?: () => boolean | Promise<boolean>;
  /** Seconds to wait when the server refuses with a retry time (SMS_TOO_FREQUENT). */
  retryAfterOf?: (error: unknown) => number | null;
  /** The text of a refused send, shown as a warning dialog (spec section 4). */
  messageOf: (error: unknown) => string;
  label?: string;
  disabled?: boolean;
}

/**
 * "Send code": throttled, then disabled with a countdown of expiredMinutes × 60 s after a send.
 * A failed send shows the server's message as a warning.
 */
export function CodeButton({ onSend, canSend, retryAfterOf, messageOf, label, disabled }: CodeButtonProps) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = useThrottledCallback(() => {
    void (async () => {
      if (isSending || secondsLeft > 0) return;
      if (canSend && !(await canSend())) return;
      setIsSending(true);
      try {
        start(await onSend());
      } catch (error) {
        const wait = retryAfterOf?.(error);
        if (wait) start(wait);
        setFailure(messageOf(error));
      } finally {
        setIsSending(false);
      }
    })();
  }, CODE_BUTTON_THROTTLE_MS);

  const isCounting = secondsLeft > 0;
  return (
    <>
      <button type="button" className={styles.button} onClick={send} disabled={disabled || isSending || isCounting} aria-live="polite">
        {isCounting ? t('common.resendIn', { seconds: secondsLeft }) : isSending ? t('common.sending') : (label ?? t('common.sendCode'))}
      </button>
      <MessageDialog isOpen={failure !== null} title={t('common.sendFailedTitle')} tone="warning" onConfirm={() => setFailure(null)}>
        {failure}
      </MessageDialog>
    </>
  );
}
