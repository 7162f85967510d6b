import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsUntil } from '../utils/countdown';
import styles from './lottery.module.css';

interface IssueCountdownProps {
  issueNo: string;
  cutoffAt: string;
  /** Server time minus local time, so a wrong device clock does not move the cutoff. */
  offsetMs: number;
  onCutoff?: () => void;
}

/** Time left to the issue's cutoff, recomputed from the deadline each tick (background tabs stay right). */
export function IssueCountdown({ issueNo, cutoffAt, offsetMs, onCutoff }: IssueCountdownProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsUntil(cutoffAt, Date.now(), offsetMs));
  useEffect(() => {
    const tick = () => setSeconds(secondsUntil(cutoffAt, Date.now(), offsetMs));
    tick();
    const timer = window.setInterval(tick, 500);
    return () => window.clearInterval(timer);
  }, [cutoffAt, offsetMs]);
  useEffect(() => {
    if (seconds === 0) onCutoff?.();
  }, [seconds, onCutoff]);
  return (
    <div className={styles.countdown} data-testid="issue-countdown">
      <span className={styles.issueLabel}>{t('houseGames.lottery.issue', { issue: issueNo })}</span>
      <strong className={styles.clock} aria-live="off" data-closed={seconds === 0 ? 'true' : 'false'}>
        {seconds === 0 ? t('houseGames.lottery.closed') : formatCountdown(seconds)}
      </strong>
      <span className={styles.issueLabel}>{t('houseGames.lottery.untilCutoff')}</span>
    </div>
  );
}
