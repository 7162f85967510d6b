import type { ActivityStatus } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '@/lib/format-date';
import styles from './promotions.module.css';

const TONES: Record<ActivityStatus, 'gold' | 'purple' | 'success' | 'danger' | 'muted'> = {
  Join: 'purple',
  Claim: 'gold',
  Applying: 'purple',
  Process: 'purple',
  Joined: 'success',
  Claimed: 'success',
  Issued: 'success',
  Rejected: 'danger',
  Close: 'muted',
};

/**
 * The spec's activity status of a promotion for this member. One that has not started yet says
 * when it starts (the spec's last activity state, shown with its start date, not a vague promise).
 */
export function StatusBadge({ status, startsAt }: { status: ActivityStatus | null; startsAt?: string }) {
  const { t } = useTranslation('promotions');
  const formatWhen = useFormatDateTime();
  if (startsAt && Date.parse(startsAt) > Date.now()) {
    return (
      <span className={styles.status} data-tone="muted" data-testid="promotion-status">
        {t('status.startsAt', { date: formatWhen(startsAt) })}
      </span>
    );
  }
  if (!status) return null;
  return (
    <span className={styles.status} data-tone={TONES[status]} data-testid="promotion-status">
      {t(`status.${status}`)}
    </span>
  );
}
