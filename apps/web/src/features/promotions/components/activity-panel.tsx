import type { ActivityStatus } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { useFormatDateTime } from '@/lib/format-date';
import { useApplyActivity } from '../api/apply-activity';
import { useApplications } from '../api/get-applications';
import { ApplicationForm } from './application-form';
import styles from './promotions.module.css';
import { useFormatMoney } from './use-format-money';

/** The activity application: the form while I may apply, then my application's review outcome. */
export function ActivityPanel({ promotionId, status }: { promotionId: number; status: ActivityStatus | null }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const applications = useApplications();
  const apply = useApplyActivity();
  const mine = applications.data?.filter((item) => item.promotionId === promotionId) ?? [];
  const latest = mine[0];
  const isOpen = !latest || latest.status === 'REJECTED' ? status !== 'Applying' && status !== 'Issued' : false;
  return (
    <div className={`${blocks.column} ${styles.section}`} data-testid="activity-panel">
      {latest ? (
        <div className={styles.stat} data-testid="application-status">
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('apply.yours', { date: formatWhen(latest.createdAt) })}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>
            {latest.status === 'ISSUED' && latest.amount
              ? t('apply.issued', { amount: format(latest.amount) })
              : t(`apply.status.${latest.status}`)}
          </span>
          {latest.status === 'REJECTED' && latest.rejectReason ? (
            <span className={styles.muted}>{t('apply.reason', { reason: latest.rejectReason })}</span>
          ) : null}
        </div>
      ) : null}
      {apply.isSuccess ? (
        <p className={styles.notice} role="status">
          {t('apply.sent')}
        </p>
      ) : isOpen ? (
        <ApplicationForm
          onSubmit={({ comment, images }) => apply.mutateAsync({ promotionId, comment, images })}
          error={apply.error}
          isPending={apply.isPending}
        />
      ) : null}
    </div>
  );
}
