import type { RebateClaimValue, RebatePendingValue } from '@kismat/contracts/rebates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { FormError } from '@/components/ui/form-error';
import { PagedTable } from '@/components/ui/paged-table';
import { QueryState } from '@/components/ui/query-state';
import { errorMessage } from '@/lib/form-errors';
import { useFormatDateTime } from '@/lib/format-date';
import { useFormatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { showToast } from '@/stores/toast-store';
import { useClaimRebate } from '../api/claim-rebate';
import { REBATE_HISTORY_PAGE_SIZE, useRebateHistory } from '../api/get-rebate-history';
import { useRebatePending } from '../api/get-rebate-pending';
import { moneyPercent } from '../utils/progress';
import styles from './loyalty.module.css';

type PendingRow = RebatePendingValue['list'][number];

/** Manual rebate (MANPLAYREB3): pending rebate by game type, the claim button with its minimum and cap, history. */
export function RebatePanel() {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const pending = useRebatePending();
  const claim = useClaimRebate();
  const keyRef = useRef(newIdempotencyKey());
  const data = pending.data;
  const columns: DataColumn<PendingRow>[] = [
    { id: 'category', label: t('rebate.gameType'), cell: (row) => t(`categories.${row.category}`) },
    { id: 'validBet', label: t('rebate.validBet'), cell: (row) => formatMoney(row.validBet), isNumber: true },
    { id: 'amount', label: t('rebate.amount'), cell: (row) => formatMoney(row.amount), isNumber: true },
  ];
  const onClaim = async () => {
    const result = await claim.mutateAsync(keyRef.current);
    keyRef.current = newIdempotencyKey();
    showToast(t('rebate.claimed', { amount: formatMoney(result.amount) }));
  };
  const claimable = data ? moneyPercent(data.claimable, data.minimumClaim) >= 100 && data.claimable !== '0.00' : false;
  return (
    <div className={styles.page} data-testid="rebate-panel">
      <QueryState query={pending} errorTitle={t('rebate.loadFailed')}>
        {data ? (
          <>
            <div className={styles.stats}>
              <div className={styles.stat}>
                <span className={styles.muted}>{t('rebate.claimable')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="rebate-claimable">
                  {formatMoney(data.claimable)}
                </span>
              </div>
              <div className={styles.stat}>
                <span className={styles.muted}>{t('rebate.pendingTotal')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`}>{formatMoney(data.total)}</span>
              </div>
              <div className={styles.stat}>
                <span className={styles.muted}>{t('rebate.paidToday')}</span>
                <span className={`${blocks.statValue} ${styles.statValue}`}>
                  {data.dailyCap === null ? formatMoney(data.paidToday) : `${formatMoney(data.paidToday)} / ${formatMoney(data.dailyCap)}`}
                </span>
              </div>
            </div>
            <section className={`${blocks.surfaceCard} ${styles.card}`}>
              <DataTable
                columns={columns}
                rows={data.list}
                rowKey={(row) => row.category}
                aria-label={t('rebate.byGameType')}
                data-testid="rebate-pending"
                hasTitleCell={false}
              />
              {data.list.length === 0 ? <p className={styles.muted}>{t('rebate.nothing')}</p> : null}
              <p className={styles.muted}>
                {t('rebate.rules', { minimum: formatMoney(data.minimumClaim) })}{' '}
                {data.dailyCap === null ? '' : t('rebate.cap', { cap: formatMoney(data.dailyCap) })}
              </p>
              {data.isAutoDailyOn ? <p className={styles.muted}>{t('rebate.autoOn')}</p> : null}
              <FormError message={claim.error ? errorMessage(claim.error, t('rebate.claimFailed')) : null} />
              <div className={styles.actions}>
                <Button
                  disabled={!data.isManualOn || !claimable || claim.isPending}
                  onClick={() => void onClaim().catch(() => undefined)}
                  data-testid="rebate-claim"
                >
                  {t('rebate.claim', { amount: formatMoney(data.claimable) })}
                </Button>
                {!data.isManualOn ? <span className={styles.muted}>{t('rebate.manualOff')}</span> : null}
              </div>
            </section>
          </>
        ) : null}
      </QueryState>
      <RebateHistory />
    </div>
  );
}

function RebateHistory() {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const [page, setPage] = useState(1);
  const history = useRebateHistory(page);
  const columns: DataColumn<RebateClaimValue>[] = [
    { id: 'time', label: t('rebate.time'), cell: (row) => formatWhen(row.createdAt) },
    { id: 'kind', label: t('rebate.kind'), cell: (row) => t(`rebate.kinds.${row.kind}`) },
    {
      id: 'breakdown',
      label: t('rebate.breakdown'),
      cell: (row) => row.breakdown.map((part) => `${t(`categories.${part.category}`)} ${formatMoney(part.amount)}`).join(', '),
    },
    { id: 'amount', label: t('rebate.amount'), cell: (row) => formatMoney(row.amount), isNumber: true },
    { id: 'turnover', label: t('rebate.turnover'), cell: (row) => formatMoney(row.turnoverRequired), isNumber: true },
  ];
  return (
    <section className={`${blocks.surfaceCard} ${styles.card}`}>
      <h3 className={styles.sectionTitle}>{t('rebate.historyTitle')}</h3>
      <PagedTable
        query={history}
        errorTitle={t('rebate.loadFailed')}
        emptyTitle={t('rebate.historyEmpty')}
        emptyIcon="refresh"
        columns={columns}
        rowKey={(row) => row.claimId}
        aria-label={t('rebate.historyTitle')}
        data-testid="rebate-history"
        page={page}
        pageSize={REBATE_HISTORY_PAGE_SIZE}
        onPage={setPage}
        pagerLabels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next') }}
      />
    </section>
  );
}
