import type { RequirementValue } from '@kismat/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { useFormatDateTime } from '@/lib/format-date';
import { useForfeitRequirement } from '../api/forfeit-requirement';
import { useBonusDetails } from '../api/get-bonus-details';
import { ErrorText } from './error-text';
import { ProgressBar } from './progress-bar';
import styles from './promotions.module.css';
import { useFormatMoney } from './use-format-money';

/** The label of a requirement without a promotion title: a deposit, or loyalty cash (points, rebate, mission). */
const SOURCE_LABEL = {
  DEPOSIT: 'bonus.sourceDeposit',
  PROMOTION: 'bonus.sourcePromotion',
  POINTS: 'bonus.sourcePoints',
  REBATE: 'bonus.sourceRebate',
  MISSION: 'bonus.sourceMission',
} as const satisfies Record<RequirementValue['source'], string>;

/** bonusDetails: each turnover requirement (source, amount, required, done, left, expiry, status); forfeit a bonus. */
export function BonusDetailsPage() {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const details = useBonusDetails();
  const forfeit = useForfeitRequirement();
  const [confirming, setConfirming] = useState<RequirementValue | null>(null);
  const items = details.data?.items ?? [];
  const active = items.filter((item) => item.status === 'ACTIVE');

  const columns: DataColumn<RequirementValue>[] = [
    {
      id: 'source',
      label: t('bonus.source'),
      cell: (row) => (
        <span className={styles.cellStack}>
          <strong>{row.title ?? t(SOURCE_LABEL[row.source])}</strong>
          <span className={styles.muted}>{t('bonus.addedAt', { date: formatWhen(row.createdAt) })}</span>
        </span>
      ),
    },
    { id: 'amount', label: t('bonus.amount'), isNumber: true, cell: (row) => format(row.amount) },
    {
      id: 'progress',
      label: t('bonus.doneOfRequired'),
      cell: (row) => (
        <span className={blocks.progressRow}>
          <span className={`${blocks.progressText} ${styles.progressText}`}>
            <span>
              {format(row.done)} / {format(row.required)}
            </span>
          </span>
          <ProgressBar
            done={row.done}
            required={row.required}
            label={t('bonus.progressOf', { title: row.title ?? t('bonus.sourceDeposit') })}
          />
        </span>
      ),
    },
    { id: 'left', label: t('bonus.left'), isNumber: true, cell: (row) => <strong>{format(row.left)}</strong> },
    { id: 'expiry', label: t('bonus.expiry'), cell: (row) => (row.expiresAt ? formatWhen(row.expiresAt) : t('bonus.noExpiry')) },
    {
      id: 'status',
      label: t('bonus.status'),
      cell: (row) => (
        <span className={styles.cellStack}>
          <span className={styles.status} data-tone={row.status === 'ACTIVE' ? 'gold' : row.status === 'MET' ? 'success' : 'muted'}>
            {t(`bonus.statuses.${row.status}`)}
          </span>
          {row.status === 'ACTIVE' && row.source === 'PROMOTION' ? (
            <Button size="small" variant="outline" onClick={() => setConfirming(row)}>
              {t('bonus.forfeit')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className={`${blocks.column} ${styles.page}`} data-testid="bonus-details">
      <QueryState query={details} errorTitle={t('bonus.failed')}>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('bonus.totalLeft')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="bonus-total-left">
              {format(details.data?.totalLeft ?? '0.00')}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('bonus.activeCount')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`}>{active.length}</span>
          </div>
        </div>
        <p className={styles.muted}>{t('bonus.explain')}</p>
        {forfeit.data ? (
          <p className={styles.notice} role="status">
            {t('bonus.forfeited', { amount: format(forfeit.data.returnedAmount) })}
          </p>
        ) : null}
        <ErrorText error={forfeit.error} />
        {items.length === 0 ? (
          <p className={styles.muted}>{t('bonus.empty')}</p>
        ) : (
          <DataTable columns={columns} rows={items} rowKey={(row) => row.id} rowTestId="requirement-row" aria-label={t('bonus.table')} />
        )}
      </QueryState>
      <Dialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('bonus.forfeitTitle')}
        width="min(460px, 94vw)"
        height="auto"
      >
        {confirming ? (
          <div className={`${blocks.column} ${styles.section}`}>
            <p>
              {t('bonus.forfeitText', { title: confirming.title ?? '', amount: format(confirming.amount), left: format(confirming.left) })}
            </p>
            <div className={styles.actions}>
              <Button
                variant="gold"
                disabled={forfeit.isPending}
                onClick={() => {
                  const id = confirming.id;
                  setConfirming(null);
                  forfeit.mutate(id);
                }}
              >
                {t('bonus.forfeitConfirm')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(null)}>
                {t('bonus.keep')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
