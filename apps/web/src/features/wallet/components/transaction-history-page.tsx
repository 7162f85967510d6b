import { LEDGER_TRANSFER_TYPES } from '@kismat/contracts/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { DateInput } from '@/components/ui/date-input';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { addDays, DATE_PRESETS, type DatePreset, dayStartInstant, presetRange } from '@/lib/date-presets';
import { useFormatDateTime } from '@/lib/format-date';
import { usePageNo } from '@/lib/use-page-no';
import { useTransactions } from '../api/get-transactions';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

const PAGE_SIZE = 10;
// The types a member's cash history can show today; the rest arrive with games, bonuses and agents.
const SHOWN_TYPES = LEDGER_TRANSFER_TYPES.filter((type) =>
  [
    'deposit',
    'withdrawal_paid',
    'withdrawal_returned',
    'transfer_downline',
    'transfer_upline',
    'bet',
    'payout',
    'bonus_release',
    'rebate',
    'adjustment',
  ].includes(type),
);

/** The wallet's wording of the shared presets ("Last 7 days"). */
const PRESET_LABELS: Record<DatePreset, 'last7' | 'last30' | 'next7' | 'next30'> = {
  previous7: 'last7',
  previous30: 'last30',
  next7: 'next7',
  next30: 'next30',
};

/** transactionHistory: cash movements with type and date filters (presets), paging and totals. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const formatWhen = useFormatDateTime();
  const initial = presetRange('previous7');
  const [type, setType] = useState('');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const { pageNo: page, setPageNo: setPage, firstPageAfter } = usePageNo();
  // Days are the merchant's: `from` is the start of the first, and as the picker's end day is
  // inclusive while the API's `to` is exclusive, `to` is the start of the day after the last.
  const fromInstant = dayStartInstant(from);
  const toInstant = dayStartInstant(to) === null ? null : dayStartInstant(addDays(to, 1));
  const query = useTransactions({
    ...(type ? { type } : {}),
    ...(fromInstant ? { from: fromInstant } : {}),
    ...(toInstant ? { to: toInstant } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  const applyPreset = firstPageAfter((preset: DatePreset) => {
    const range = presetRange(preset);
    setFrom(range.from);
    setTo(range.to);
  });
  const data = query.data;
  const columns: DataColumn<NonNullable<typeof data>['items'][number]>[] = [
    { id: 'time', label: t('wallet.history.time'), cell: (row) => formatWhen(row.createdAt) },
    { id: 'type', label: t('wallet.history.type'), cell: (row) => t(`wallet.types.${row.type}`) },
    {
      id: 'amount',
      label: t('wallet.amount'),
      isNumber: true,
      cellClassName: (row) => (row.amount.startsWith('-') ? styles.debit : styles.credit),
      cell: (row) => format(row.amount),
    },
    { id: 'balanceAfter', label: t('wallet.history.balanceAfter'), isNumber: true, cell: (row) => format(row.balanceAfter) },
  ];
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <div className={`${blocks.column} ${styles.page}`}>
      <section className={`${blocks.column} ${styles.card}`} aria-label={t('wallet.history.filters')}>
        <div className={styles.filters}>
          <SelectField label={t('wallet.history.type')} value={type} onChange={(event) => firstPageAfter(setType)(event.target.value)}>
            <option value="">{t('wallet.history.allTypes')}</option>
            {SHOWN_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`wallet.types.${value}`)}
              </option>
            ))}
          </SelectField>
          <label className={styles.dateField}>
            {t('wallet.history.from')}
            <DateInput value={from} onChange={firstPageAfter(setFrom)} />
          </label>
          <label className={styles.dateField}>
            {t('wallet.history.to')}
            <DateInput value={to} onChange={firstPageAfter(setTo)} />
          </label>
        </div>
        <div className={styles.presets}>
          {DATE_PRESETS.map((preset) => (
            <Button key={preset} size="small" variant="outline" onClick={() => applyPreset(preset)}>
              {t(`wallet.presets.${PRESET_LABELS[preset]}`)}
            </Button>
          ))}
        </div>
      </section>
      {data ? (
        <div className={styles.summary}>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.history.credited')}</span>
            <span className={`${styles.statValue} ${styles.credit}`}>{format(data.totals.credited)}</span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.history.debited')}</span>
            <span className={`${styles.statValue} ${styles.debit}`}>{format(data.totals.debited)}</span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.history.net')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`}>{format(data.totals.net)}</span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('wallet.history.count')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`}>{data.total}</span>
          </div>
        </div>
      ) : null}
      <section className={`${blocks.column} ${styles.card}`} aria-label={t('wallet.history.records')}>
        <QueryState
          query={query}
          errorTitle={t('common.loadFailed')}
          isEmpty={data?.items.length === 0}
          emptyTitle={t('wallet.history.empty')}
          emptyIcon="ticket"
        >
          <DataTable columns={columns} rows={data?.items ?? []} rowKey={(row) => row.id} />
        </QueryState>
        {data && pageCount > 1 ? (
          <Pagination
            page={page - 1}
            pageCount={pageCount}
            onChange={(next) => setPage(next + 1)}
            labels={{ nav: t('wallet.history.pages'), previous: t('wallet.history.previous'), next: t('wallet.history.next') }}
          />
        ) : null}
      </section>
    </div>
  );
}
