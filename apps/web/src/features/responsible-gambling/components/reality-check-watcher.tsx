import type { RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import { moneySign, useFormatMoney } from '@/lib/format-money';
import { usePlayPauseStore } from '@/stores/play-pause-store';
import { useSessionStore } from '@/stores/session-store';
import { useAckRealityCheck } from '../api/ack-reality-check';
import { useRealityCheck } from '../api/get-reality-check';
import { serverNowOf } from '../utils/reality-check-clock';
import { nextStep } from '../utils/reality-check-schedule';
import { useNow } from '../utils/use-now';
import { useRgFormat } from '../utils/use-rg-format';
import styles from './safer.module.css';

/** A client-side "due" is checked with the server after this pause, so the two clocks cannot ping-pong. */
const DUE_RECHECK_MS = 1000;

function RealityCheckDialog({
  value,
  receivedAt,
  onAnswered,
}: {
  value: RgRealityCheckValue;
  receivedAt: number;
  onAnswered: (hasFreshValue: boolean) => void;
}) {
  const { t } = useTranslation('safer');
  const format = useRgFormat();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ack = useAckRealityCheck();
  // Time played to the minute: the server's elapsed time plus what passed since it answered.
  // Re-read while the check waits, so the figure stays right to the minute.
  const now = useNow(10_000);
  const playedMinutes = Math.floor((value.elapsedSeconds * 1000 + (now - receivedAt)) / 60_000);
  const answer = (action: 'CONTINUE' | 'STOP') => {
    ack.mutate(action, {
      onSuccess: (result) => {
        if (action === 'STOP' || result.loggedOut) {
          useSessionStore.getState().signOut();
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'member' });
          void navigate('/');
        }
        onAnswered(result.realityCheck !== null);
      },
    });
  };
  return (
    <Dialog
      isOpen
      isClosable={false}
      showCloseButton={false}
      onClose={() => undefined}
      title={t('realityCheck.dialogTitle')}
      width={460}
      height={300}
    >
      <div className={styles.dialogBody} data-testid="reality-check-dialog">
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('realityCheck.played')}</dt>
            <dd data-testid="reality-check-played">{format.minutes(playedMinutes)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('realityCheck.staked')}</dt>
            <dd>{money(value.staked)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('realityCheck.won')}</dt>
            <dd>{money(value.won)}</dd>
          </div>
          <div className={styles.figure} data-sign={String(moneySign(value.net))}>
            <dt>{t('realityCheck.net')}</dt>
            <dd data-testid="reality-check-net">{money(value.net)}</dd>
          </div>
        </dl>
        <p className={styles.bannerTitle}>{t('realityCheck.question')}</p>
        <p className={styles.cardHint}>{t('realityCheck.pausedNote')}</p>
        <FormError message={ack.error ? errorMessage(ack.error, t('loadFailed')) : null} />
        <div className={styles.dialogActions}>
          <Button disabled={ack.isPending} onClick={() => answer('CONTINUE')}>
            {t('realityCheck.continue')}
          </Button>
          <Button variant="outline" disabled={ack.isPending} onClick={() => answer('STOP')}>
            {t('realityCheck.stop')}
          </Button>
        </div>
        {/* New tabs: the check stays here, unanswered, while the member looks. */}
        <p className={styles.dialogLinks}>
          <Link className={styles.link} to={paths.member.getHref('personalHistoryCopy')} target="_blank" rel="noopener">
            {t('realityCheck.history')}
          </Link>
          <Link className={styles.link} to={paths.saferGambling.getHref('limits')} target="_blank" rel="noopener">
            {t('realityCheck.limits')}
          </Link>
        </p>
      </div>
    </Dialog>
  );
}

/**
 * Mounted for a signed-in member on every page (issue 17, item 3): waits for the server's next
 * due time (on the server's clock, re-read at least every minute), asks the server, and when it
 * says due shows the check; play is paused (usePlayPauseStore) until the member answers.
 */
export function RealityCheckWatcher() {
  const check = useRealityCheck(true);
  const setPaused = usePlayPauseStore((state) => state.setPaused);
  const [isOpen, setIsOpen] = useState(false);
  const [wake, setWake] = useState(0);
  /** When the member last answered: an answer read before then is stale and is asked again. */
  const [answeredAt, setAnsweredAt] = useState(0);
  const data = check.data;
  const receivedAt = check.dataUpdatedAt;
  const refetch = check.refetch;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` re-reads the clock after each timer.
  useEffect(() => {
    if (!data || isOpen) return;
    if (receivedAt <= answeredAt) {
      void refetch();
      return;
    }
    if (data.due) {
      setIsOpen(true);
      return;
    }
    const serverNow = serverNowOf(data);
    const skew = serverNow === null ? 0 : serverNow - receivedAt;
    const step = nextStep(data.nextDueAt, Date.now(), skew);
    if (step.kind === 'off') return;
    const timer = window.setTimeout(
      () => (step.kind === 'due' ? void refetch() : setWake((count) => count + 1)),
      step.kind === 'due' ? DUE_RECHECK_MS : step.delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [data, receivedAt, answeredAt, isOpen, wake, refetch]);

  // A tab coming back from the background re-reads the clock at once (its timers were slowed).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setWake((count) => count + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    setPaused(isOpen);
    return () => setPaused(false);
  }, [isOpen, setPaused]);

  if (!isOpen || !data) return null;
  return (
    <RealityCheckDialog
      value={data}
      receivedAt={receivedAt}
      onAnswered={(hasFreshValue) => {
        // The ack's own answer is fresh (the next due time); without one the server is asked again.
        if (!hasFreshValue) setAnsweredAt(Date.now());
        setIsOpen(false);
      }}
    />
  );
}

export default RealityCheckWatcher;
