import type { ReferralStage } from '@kismat/contracts/promotion-kinds';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { QrCode } from '@/components/ui/qr-code';
import { QueryState } from '@/components/ui/query-state';
import { useFormatDateTime } from '@/lib/format-date';
import { type ReferralState, useReferral } from '../api/get-referral';
import { CopyField } from './copy-field';
import { ProgressBar } from './progress-bar';
import styles from './promotions.module.css';
import referralStyles from './referral.module.css';
import { useFormatMoney } from './use-format-money';

type Invitee = ReferralState['invitees'][number];

const STAGE_TONES: Record<ReferralStage, 'gold' | 'purple' | 'success' | 'danger' | 'muted'> = {
  REGISTERED: 'purple',
  QUALIFIED: 'success',
  FLAGGED: 'gold',
  REJECTED: 'danger',
  EXPIRED: 'muted',
  CAPPED: 'muted',
};

/** referral: my invite link (copy), code, QR, the reward and cap, and each invitee's stage. */
export function ReferralPage() {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const referral = useReferral();
  const data = referral.data;
  const columns: DataColumn<Invitee>[] = [
    { id: 'registered', label: t('referral.registered'), cell: (row) => formatWhen(row.registeredAt) },
    { id: 'name', label: t('referral.invitee'), cell: (row) => row.name },
    {
      id: 'stage',
      label: t('referral.stage'),
      cell: (row) => (
        <span className={styles.status} data-tone={STAGE_TONES[row.stage]} data-testid="invitee-stage">
          {t(`referral.stages.${row.stage}`)}
        </span>
      ),
    },
    { id: 'qualifyBy', label: t('referral.qualifyBy'), cell: (row) => (row.stage === 'REGISTERED' ? formatWhen(row.qualifyBy) : '—') },
    { id: 'amount', label: t('referral.earnedFrom'), isNumber: true, cell: (row) => format(row.amount) },
  ];
  return (
    <div className={`${blocks.column} ${styles.page}`} data-testid="referral-page">
      <QueryState query={referral} errorTitle={t('referral.failed')}>
        {data ? (
          <>
            {data.isEnabled ? null : <p className={styles.muted}>{t('referral.disabled')}</p>}
            <section className={`${styles.card} ${referralStyles.share}`} aria-labelledby="referral-share-title">
              <div className={referralStyles.shareText}>
                <h3 id="referral-share-title" className={styles.cardTitle}>
                  {t('referral.shareTitle', { amount: format(data.rewardAmount), cap: format(data.cap) })}
                </h3>
                <p className={styles.muted}>
                  {t('referral.how', { deposit: format(data.minDeposit), bet: format(data.minValidBet), days: data.qualifyDays })}
                </p>
                <CopyField label={t('referral.link')} value={data.link} testId="referral-link" />
                <CopyField label={t('referral.code')} value={data.code} testId="referral-code" />
              </div>
              <figure className={referralStyles.qr}>
                <span className={referralStyles.qrImage}>
                  <QrCode value={data.link} size={148} label={t('referral.qr')} />
                </span>
                <figcaption className={styles.muted}>{t('referral.scan')}</figcaption>
              </figure>
            </section>
            <div className={styles.stats}>
              <div className={styles.stat}>
                <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('referral.invited')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`}>{data.invitees.length}</span>
              </div>
              <div className={styles.stat}>
                <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('referral.qualified')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`}>
                  {data.invitees.filter((item) => item.stage === 'QUALIFIED').length}
                </span>
              </div>
              <div className={styles.stat}>
                <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('referral.earned')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="referral-earned">
                  {format(data.earned)} / {format(data.cap)}
                </span>
              </div>
            </div>
            <ProgressBar done={data.earned} required={data.cap} label={t('referral.capProgress')} tone="purple" />
            <section className={`${blocks.column} ${styles.section}`} aria-labelledby="referral-invitees-title">
              <h3 id="referral-invitees-title" className={styles.cardTitle}>
                {t('referral.invitees')}
              </h3>
              {data.invitees.length === 0 ? (
                <p className={styles.muted}>{t('referral.noInvitees')}</p>
              ) : (
                <DataTable
                  columns={columns}
                  rows={data.invitees}
                  rowKey={(row) => row.id}
                  rowTestId="invitee-row"
                  aria-label={t('referral.invitees')}
                />
              )}
            </section>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
