import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatDate, formatTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { formatGmtOffset, merchantWallTime } from '../utils/clock';
import styles from './agent-centre.module.css';

interface LiveClockProps {
  /** Merchant zone, minutes east of UTC. */
  offsetMinutes: number;
  /** serverTime - Date.now() when the home call answered, so a wrong device clock does not matter. */
  skewMs?: number;
}

/** The merchant's GMT offset and its wall clock, ticking every second. */
export function LiveClock({ offsetMinutes, skewMs = 0 }: LiveClockProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const instant = new Date(now + skewMs);
  // The shifted instant read in UTC is the merchant's wall clock, in the site's one date format.
  const wall = merchantWallTime(instant, offsetMinutes);
  const date = formatDate(wall, language, { timeZone: 'UTC' });
  const time = formatTime(wall, language, { timeZone: 'UTC' });
  return (
    <span className={styles.clock} title={t('agentCentre.bar.clock')}>
      <span className={styles.offset} data-testid="gmt-offset">
        {formatGmtOffset(offsetMinutes)}
      </span>
      <Icon name="clock" size={16} />
      <time dateTime={instant.toISOString()} data-testid="live-clock">
        <span className={styles.clockDate}>{date}</span> {time}
      </time>
    </span>
  );
}
