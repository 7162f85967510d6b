import type { PointRedemption } from '@kismat/contracts/points';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { useFormatDateTime } from '@/lib/format-date';
import { useFormatMoney } from '@/lib/format-money';
import { REDEMPTIONS_PAGE_SIZE, useRedemptions } from '../api/get-redemptions';
import styles from './points.module.css';

/** Redeem history with the spec's fields: reference, points, amount, quantity, requirements, status, remark. */
export function RedeemHistory() {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const [page, setPage] = useState(1);
  const query = useRedemptions(page);
  const columns: DataColumn<PointRedemption>[] = [
    { id: 'applyTime', label: t('history.applyTime'), cell: (row) => formatWhen(row.applyTime) },
    { id: 'reference', label: t('history.reference'), cell: (row) => row.referenceNumber },
    { id: 'item', label: t('history.item'), cell: (row) => (row.type === 'CONVERT' ? t('history.conversion') : row.itemName) },
    { id: 'quantity', label: t('history.quantity'), cell: (row) => row.quantity, isNumber: true },
    { id: 'points', label: t('history.points'), cell: (row) => row.points.toLocaleString('en-US'), isNumber: true },
    { id: 'amount', label: t('history.amount'), cell: (row) => formatMoney(row.amount), isNumber: true },
    {
      id: 'pointsRequirement',
      label: t('history.pointsRequirement'),
      cell: (row) => row.pointsRequirement.toLocaleString('en-US'),
      isNumber: true,
    },
    { id: 'amountRequirement', label: t('history.amountRequirement'), cell: (row) => formatMoney(row.amountRequirement), isNumber: true },
    { id: 'address', label: t('history.address'), cell: (row) => row.receivingAddress ?? '-' },
    {
      id: 'status',
      label: t('history.status'),
      cell: (row) => (
        <span className={styles.status} data-status={row.status}>
          {t(`history.statuses.${row.status}`)}
        </span>
      ),
    },
    { id: 'remark', label: t('history.remark'), cell: (row) => row.remark ?? '-' },
  ];
  return (
    <PagedTable
      query={query}
      errorTitle={t('history.loadFailed')}
      emptyTitle={t('history.empty')}
      emptyIcon="ticket"
      columns={columns}
      rowKey={(row) => row.id}
      aria-label={t('tabs.history')}
      data-testid="redeem-history"
      rowTestId="redeem-row"
      page={page}
      pageSize={REDEMPTIONS_PAGE_SIZE}
      onPage={setPage}
      pagerLabels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next') }}
    />
  );
}
